/**
 * Comments of a case or one entity: add, edit (marked edited), delete with a
 * reason. The comment rules of section 5 are checked before sending.
 */
import { Badge, Box, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { LIMITS } from '@common/constants';
import type { MessageId } from '@common/messages';
import { validateComment } from '@common/validation';
import { EmptyMessage } from '../../components/EmptyMessage';
import { useDialog } from '../../components/useDialog';
import { ServerError } from '../../components/ServerError';
import { messageById, messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { caseApi } from './api';
import { CaseDrawer } from './CaseDrawer';
import { DeleteWithReasonDialog } from '../../components/DeleteWithReasonDialog';
import { DateTime } from './labels';
import type { CommentView } from './types';

interface Props {
  open: boolean;
  onClose: () => void;
  reference: string;
  entityId?: string;
  userId: string;
  canComment: boolean;
  isAdmin: boolean;
  readOnly: boolean;
  onChanged: () => void;
}

export function CommentsDrawer({ open, onClose, reference, entityId, userId, canComment, isAdmin, readOnly, onChanged }: Props) {
  const intl = useIntl();
  const comments = useResource<{ data: CommentView[] }>(open ? '/comments' : null, entityId ? { reference, entity_id: entityId } : { reference });
  const [text, setText] = useState('');
  const [error, setError] = useState<MessageId | null>(null);
  const [server, setServer] = useState<{ message: string | null; code?: string | null }>({ message: null });
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState<{ id: string; text: string; error: MessageId | null } | null>(null);
  const refresh = () => {
    comments.reload();
    onChanged();
  };
  const remove = useDialog<CommentView>(
    (target, values) => caseApi.deleteComment({ id: target._id, reason: values.reason }),
    () => {
      notify.success(messageById('comment_deleted'));
      refresh();
    },
  );

  const add = async () => {
    const rule = validateComment(text);
    setError(rule);
    if (rule) return;
    setSending(true);
    try {
      await caseApi.addComment({ reference, ...(entityId ? { entity_id: entityId } : {}), text: text.trim() });
      setText('');
      setServer({ message: null });
      notify.success(messageById('comment_added'));
      refresh();
    } catch (failure: any) {
      setServer({ message: failure.message, code: failure.code });
    } finally {
      setSending(false);
    }
  };

  const saveEdit = async () => {
    if (!editing) return;
    const rule = validateComment(editing.text);
    if (rule) return setEditing({ ...editing, error: rule });
    try {
      await caseApi.updateComment({ id: editing.id, text: editing.text.trim() });
      setEditing(null);
      notify.success(messageById('comment_updated'));
      refresh();
    } catch (failure: any) {
      notify.error(messageText(failure.code, failure.message));
    }
  };

  const writable = canComment && !readOnly;
  return (
    <>
      <CaseDrawer open={open} onClose={onClose} testId="comments-drawer" title={<FormattedMessage id={entityId ? 'cases.comments.entity_title' : 'cases.comments.title'} />}>
        <Stack gap="4">
          {writable && (
            <Stack gap="2">
              <Field.Root invalid={Boolean(error)}>
                <Textarea
                  name="comment"
                  data-testid="comment-input"
                  placeholder={intl.formatMessage({ id: 'cases.comments.placeholder' })}
                  value={text}
                  maxLength={LIMITS.comment.max + 10}
                  rows={3}
                  onChange={(e) => {
                    setText(e.target.value);
                    setError(null);
                  }}
                />
                <Field.HelperText>
                  <FormattedMessage id="cases.comments.rules" />
                </Field.HelperText>
                {error && <Field.ErrorText data-testid="field-error">{messageById(error)}</Field.ErrorText>}
              </Field.Root>
              <ServerError message={server.message} code={server.code} />
              <HStack justify="flex-end">
                <Button colorPalette="brand" size="sm" onClick={add} loading={sending} data-testid="comment-submit">
                  <FormattedMessage id="cases.comments.add" />
                </Button>
              </HStack>
            </Stack>
          )}
          {comments.data?.data.length === 0 && <EmptyMessage icon={<LuMessageSquare />} title={<FormattedMessage id="cases.comments.empty" />} />}
          {comments.data?.data.map((c) => (
            <Box key={c._id} borderWidth="1px" rounded="md" p="3" bg={c.is_deleted ? 'gray.50' : 'white'} data-testid="comment">
              <HStack justify="space-between" align="start">
                <Stack gap="0">
                  <Text fontWeight="semibold" fontSize="sm">
                    {c.author?.name ?? '—'}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    <DateTime value={c.created_at} />
                    {c.entity_name && !entityId && <> · {c.entity_name}</>}
                  </Text>
                </Stack>
                {c.edited && !c.is_deleted && (
                  <Badge size="sm" variant="outline" title={c.last_edited ?? undefined}>
                    <FormattedMessage id="cases.comments.edited" />
                  </Badge>
                )}
              </HStack>
              {c.is_deleted ? (
                <Text fontSize="sm" color="fg.muted" fontStyle="italic" mt="2">
                  <FormattedMessage id="cases.comments.deleted" values={{ name: c.deleted_by?.name ?? '—' }} />
                </Text>
              ) : editing?.id === c._id ? (
                <Stack mt="2" gap="2">
                  <Field.Root invalid={Boolean(editing.error)}>
                    <Textarea value={editing.text} rows={3} onChange={(e) => setEditing({ ...editing, text: e.target.value, error: null })} />
                    {editing.error && <Field.ErrorText>{messageById(editing.error)}</Field.ErrorText>}
                  </Field.Root>
                  <HStack justify="flex-end">
                    <Button size="xs" variant="outline" onClick={() => setEditing(null)}>
                      <FormattedMessage id="cases.common.cancel" />
                    </Button>
                    <Button size="xs" colorPalette="brand" onClick={saveEdit}>
                      <FormattedMessage id="cases.common.save" />
                    </Button>
                  </HStack>
                </Stack>
              ) : (
                <Text fontSize="sm" mt="2" whiteSpace="pre-wrap">
                  {c.text}
                </Text>
              )}
              {writable && !c.is_deleted && editing?.id !== c._id && (
                <HStack gap="1" mt="2" justify="flex-end">
                  {c.author?._id === userId && (
                    <Button size="xs" variant="ghost" onClick={() => setEditing({ id: c._id, text: c.text, error: null })}>
                      <FormattedMessage id="cases.common.edit" />
                    </Button>
                  )}
                  {(c.author?._id === userId || isAdmin) && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => remove.show(c)}
                    >
                      <FormattedMessage id="cases.common.delete" />
                    </Button>
                  )}
                </HStack>
              )}
            </Box>
          ))}
        </Stack>
      </CaseDrawer>
      <DeleteWithReasonDialog dialog={remove} size="sm" title={<FormattedMessage id="cases.comments.delete_title" />} />
    </>
  );
}
