/**
 * A list record's comments: renders the record-comments statechart (machines/custom-lists) with the
 * comment calls supplied here. Without post_comment_on_listing_entry the form is disabled and says why
 * in a tooltip ('You don't have permission to comment on this listing entry.'); one's own comments can
 * be edited (update_custom_list_entry_comment) and deleted with a reason (delete_custom_list_entry_comment;
 * the organisation's administrator may delete anyone's).
 */
import { Badge, Box, Button, Field, HStack, Stack, Text, Textarea, Tooltip } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { LIMITS } from '@common/constants';
import type { ListCommentView } from '@common/custom-lists';
import { MESSAGES } from '@common/messages';
import { recordCommentsMachine } from '@machines/custom-lists/record-comments.machine';
import {
  selectBusy,
  selectCommentBlock,
  selectComments,
  selectDraft,
  selectEditing,
  selectError,
  selectFailed,
  selectLoaded,
} from '@machines/custom-lists/record-comments.selectors';
import { DeleteWithReasonDialog } from '../../components/DeleteWithReasonDialog';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { useDialog } from '../../components/useDialog';
import { messageById, messageText } from '../../lib/i18n';
import { inspect } from '../../lib/inspector';
import { notify } from '../../lib/toaster';
import { commentActors, listApi, type Answer } from './api';

interface Props {
  recordId: string;
  userId: string;
  isAdmin: boolean;
  permissions: string[];
  /** The record and its list are live. */
  writable: boolean;
  /** A comment was added, edited or deleted (the record's count changes). */
  onChanged: () => void;
}

export function RecordComments({ recordId, userId, isAdmin, permissions, writable, onChanged }: Props) {
  const intl = useIntl();
  const permitted = permissions.includes('post_comment_on_listing_entry');
  const canEdit = permissions.includes('update_custom_list_entry_comment');
  const canDelete = permissions.includes('delete_custom_list_entry_comment');
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const [machine] = useState(() =>
    recordCommentsMachine.provide({
      actors: commentActors,
      actions: {
        notify: (_, { code }) => {
          notify.success(messageById(code));
          changed.current();
        },
      },
    }),
  );
  const actor = useActorRef(machine, { input: { recordId, permitted, writable }, inspect });
  // The record can be deleted while its page is open: the panel follows what the page knows.
  useEffect(() => actor.send({ type: 'SYNC', permitted, writable }), [actor, permitted, writable]);
  const comments = useSelector(actor, selectComments);
  const loaded = useSelector(actor, selectLoaded);
  const failed = useSelector(actor, selectFailed);
  const busy = useSelector(actor, selectBusy);
  const draft = useSelector(actor, selectDraft);
  const editing = useSelector(actor, selectEditing);
  const error = useSelector(actor, selectError);
  const block = useSelector(actor, selectCommentBlock);

  const remove = useDialog<ListCommentView, Answer>(
    (target, values) => listApi.deleteComment(target._id, String(values.reason)),
    (answer) => {
      notify.success(messageText(answer.code, answer.message ?? ''));
      actor.send({ type: 'RELOAD' });
      changed.current();
    },
  );

  const form = (
    <form
      noValidate
      aria-label={intl.formatMessage({ id: 'custom_lists.comments.add' })}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'ADD' });
      }}
    >
      <Stack gap="2">
        <Field.Root invalid={Boolean(draft.error)} disabled={block !== null}>
          <Field.Label>
            <FormattedMessage id="custom_lists.comments.new" />
          </Field.Label>
          <Textarea
            name="comment"
            data-testid="list-comment-input"
            placeholder={intl.formatMessage({ id: 'custom_lists.comments.placeholder' })}
            value={draft.text}
            maxLength={LIMITS.listEntryComment.max + 10}
            rows={3}
            onChange={(e) => actor.send({ type: 'TYPE', text: e.target.value })}
          />
          <Field.HelperText>
            <FormattedMessage id="custom_lists.comments.rules" />
          </Field.HelperText>
          {draft.error && <Field.ErrorText data-testid="field-error">{messageById(draft.error)}</Field.ErrorText>}
        </Field.Root>
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" size="sm" loading={busy && editing === null} disabled={block !== null} data-testid="list-comment-submit">
            <FormattedMessage id="custom_lists.comments.add" />
          </Button>
        </HStack>
      </Stack>
    </form>
  );

  return (
    <TitledCard title={<FormattedMessage id="custom_lists.comments.title" />} data-testid="record-comments">
      <Stack gap="4">
        {block ? (
          <Tooltip.Root openDelay={100} positioning={{ placement: 'top' }}>
            <Tooltip.Trigger asChild>
              <Box tabIndex={0} data-testid="comment-blocked" aria-describedby="comment-block-reason" rounded="md">
                {form}
              </Box>
            </Tooltip.Trigger>
            <Tooltip.Positioner>
              <Tooltip.Content data-testid="comment-block-tooltip">{block === 'list_comment_permission' ? messageText('list_comment_permission', MESSAGES.list_comment_permission) : intl.formatMessage({ id: 'custom_lists.comments.read_only' })}</Tooltip.Content>
            </Tooltip.Positioner>
          </Tooltip.Root>
        ) : (
          form
        )}
        {block && (
          <Text id="comment-block-reason" fontSize="sm" color="fg.muted" data-testid="comment-block-reason">
            {block === 'list_comment_permission' ? messageText('list_comment_permission', MESSAGES.list_comment_permission) : intl.formatMessage({ id: 'custom_lists.comments.read_only' })}
          </Text>
        )}
        {error && <ServerError message={error.message} code={error.code} />}
        {failed && (
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'RELOAD' })} alignSelf="start">
            <FormattedMessage id="custom_lists.comments.retry" />
          </Button>
        )}
        {loaded && comments.length === 0 && <EmptyMessage icon={<LuMessageSquare />} title={<FormattedMessage id="custom_lists.comments.empty" />} testId="comments-empty" />}
        {comments.map((c) => {
          const mine = c.user?._id === userId;
          return (
            <Box key={c._id} borderWidth="1px" rounded="md" p="3" bg={c.is_deleted ? 'bg.muted' : 'bg'} data-testid="list-comment">
              <HStack justify="space-between" align="start">
                <Stack gap="0">
                  <Text fontWeight="semibold" fontSize="sm">
                    {c.user ? <Name>{c.user.name}</Name> : '—'}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    <FormattedDate value={c.created_at} dateStyle="medium" timeStyle="short" />
                  </Text>
                </Stack>
                {c.edited && !c.is_deleted && (
                  <Badge size="sm" variant="outline" title={c.last_edited_at ? intl.formatDate(c.last_edited_at, { dateStyle: 'medium', timeStyle: 'short' }) : undefined} data-testid="comment-edited">
                    <FormattedMessage id="custom_lists.comments.edited" />
                  </Badge>
                )}
              </HStack>
              {c.is_deleted ? (
                <Text fontSize="sm" color="fg.muted" fontStyle="italic" mt="2">
                  <FormattedMessage id="custom_lists.comments.deleted" values={{ name: <Name>{c.deleted_by?.name ?? '—'}</Name> }} />
                </Text>
              ) : editing?.id === c._id ? (
                <Stack mt="2" gap="2">
                  <Field.Root invalid={Boolean(editing.error)}>
                    <Field.Label srOnly>
                      <FormattedMessage id="custom_lists.comments.edit_label" />
                    </Field.Label>
                    <Textarea value={editing.text} rows={3} maxLength={LIMITS.listEntryComment.max + 10} onChange={(e) => actor.send({ type: 'EDIT_TEXT', text: e.target.value })} data-testid="list-comment-edit" />
                    {editing.error && <Field.ErrorText>{messageById(editing.error)}</Field.ErrorText>}
                  </Field.Root>
                  <HStack justify="flex-end">
                    <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'EDIT_CANCEL' })}>
                      <FormattedMessage id="admin.actions.cancel" />
                    </Button>
                    <Button size="xs" colorPalette="brand" onClick={() => actor.send({ type: 'EDIT_SAVE' })} loading={busy} data-testid="list-comment-save">
                      <FormattedMessage id="admin.actions.save" />
                    </Button>
                  </HStack>
                </Stack>
              ) : (
                <Text fontSize="sm" mt="2" whiteSpace="pre-wrap" data-testid="list-comment-text">
                  <Name>{c.text}</Name>
                </Text>
              )}
              {writable && !c.is_deleted && editing?.id !== c._id && ((mine && canEdit) || ((mine || isAdmin) && canDelete)) && (
                <HStack gap="1" mt="2" justify="flex-end">
                  {mine && canEdit && (
                    <Button size="xs" variant="ghost" onClick={() => actor.send({ type: 'EDIT', id: c._id })} data-testid="list-comment-edit-button">
                      <FormattedMessage id="custom_lists.comments.edit" />
                    </Button>
                  )}
                  {(mine || isAdmin) && canDelete && (
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => remove.show(c)} data-testid="list-comment-delete-button">
                      <FormattedMessage id="custom_lists.comments.delete" />
                    </Button>
                  )}
                </HStack>
              )}
            </Box>
          );
        })}
      </Stack>
      <DeleteWithReasonDialog dialog={remove} size="sm" testId="delete-comment-dialog" title={<FormattedMessage id="custom_lists.comments.delete_title" />} />
    </TitledCard>
  );
}
