/**
 * /custom-source (view_custom_sources; not on the basic and plus plans): the organisation's own news feeds,
 * read on a schedule into its articles, which Media Search and adverse-media monitoring search with the
 * shared corpus. The table shows each source's status (In-Progress until its first successful read, Live
 * after it, In-Active while paused), its last read or the last error with the next try, and the articles it
 * brought in; while a source is In-Progress the table reads itself again every few seconds (the statechart,
 * machines/custom-sources/custom-sources.machine.ts). Adding and editing need create_custom_source /
 * update_custom_source, pausing, resuming and "Read now" update_custom_source, deleting delete_custom_source;
 * without them the actions are disabled with the reason.
 */
import { Badge, Box, Button, Card, HStack, IconButton, Link, Portal, Spinner, Stack, Text, Tooltip } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { LuPlus, LuRefreshCw, LuRss, LuTriangleAlert } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import type { CustomSourceView } from '@common/custom-sources';
import type { CustomSourceStatus } from '@common/media';
import { customSourcesMachine } from '@machines/custom-sources/custom-sources.machine';
import * as sel from '@machines/custom-sources/custom-sources.selectors';
import { sourceEditorMachine } from '@machines/custom-sources/source-editor.machine';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { useSession } from '../../app/useSession';
import { ActionDialog } from '../../components/ActionDialog';
import { DeniedTooltip } from '../../components/DeniedTooltip';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { Pager } from '../../components/table/Pager';
import { RowMenu, type RowMenuItem } from '../../components/table/RowMenu';
import { useDialog } from '../../components/useDialog';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { sourcesApi, type Answer } from './api';
import { SourceDialog } from './SourceDialog';

const column = columnsFor<CustomSourceView>();
const STATUS_PALETTE: Record<CustomSourceStatus, string> = { 'In-Progress': 'blue', 'In-Active': 'gray', Live: 'green' };
const statusSlug = (status: string) => status.toLowerCase().replace(/[^a-z]+/g, '_');

const announce = (answer: Answer, fallback: string) => notify.success(messageText(answer.code, answer.message ?? fallback, answer.values));

function StatusBadge({ status }: { status: CustomSourceStatus }) {
  return (
    <Badge size="sm" variant="subtle" colorPalette={STATUS_PALETTE[status] ?? 'gray'} data-testid="source-status" data-status={status}>
      {status === 'In-Progress' && <Spinner size="xs" aria-hidden />}
      <FormattedMessage id={`custom_sources.status.${statusSlug(status)}`} />
    </Badge>
  );
}

/** The last read: when it succeeded, or the error with the next try in a tooltip (and for screen readers). */
function LastRead({ source }: { source: CustomSourceView }) {
  const intl = useIntl();
  if (source.last_error) {
    const next = source.next_poll_at ? intl.formatDate(source.next_poll_at, { dateStyle: 'short', timeStyle: 'short' }) : null;
    const explanation = (
      <Stack gap="1" fontSize="xs">
        <Text fontWeight="semibold">
          <FormattedMessage id="custom_sources.last_error" values={{ count: source.failures }} />
        </Text>
        <Text dir="ltr" textAlign="start" wordBreak="break-word">
          {source.last_error}
        </Text>
        {next && <Text>{intl.formatMessage({ id: 'custom_sources.next_try' }, { date: next })}</Text>}
      </Stack>
    );
    return (
      <HStack gap="1.5" data-testid="source-last-read" data-failed="true">
        <Tooltip.Root openDelay={100} positioning={{ placement: 'top' }}>
          <Tooltip.Trigger asChild>
            <IconButton size="2xs" variant="ghost" colorPalette="orange" aria-label={intl.formatMessage({ id: 'custom_sources.error_label' }, { error: source.last_error })} data-testid="source-error">
              <LuTriangleAlert />
            </IconButton>
          </Tooltip.Trigger>
          <Portal>
            <Tooltip.Positioner>
              <Tooltip.Content maxW="xs">{explanation}</Tooltip.Content>
            </Tooltip.Positioner>
          </Portal>
        </Tooltip.Root>
        <Stack gap="0" fontSize="sm">
          <Text color="fg.warning" whiteSpace="nowrap">
            <FormattedMessage id="custom_sources.read_failed" />
          </Text>
          {source.last_polled_at && (
            <Text color="fg.muted" fontSize="xs" whiteSpace="nowrap">
              <FormattedDate value={source.last_polled_at} dateStyle="medium" timeStyle="short" />
            </Text>
          )}
        </Stack>
      </HStack>
    );
  }
  if (!source.last_success_at) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="source-last-read">
        <FormattedMessage id="custom_sources.never_read" />
      </Text>
    );
  }
  return (
    <Stack gap="0" fontSize="sm" data-testid="source-last-read">
      <Text whiteSpace="nowrap">
        <FormattedDate value={source.last_success_at} dateStyle="medium" timeStyle="short" />
      </Text>
      {source.next_poll_at && (
        <Text color="fg.muted" fontSize="xs" whiteSpace="nowrap">
          <FormattedMessage id="custom_sources.next_read" values={{ date: intl.formatTime(source.next_poll_at, { timeStyle: 'short' }) }} />
        </Text>
      )}
    </Stack>
  );
}

export default function CustomSourcePage() {
  const intl = useIntl();
  const permissions = useSession(selectPermissionNames);
  const canCreate = permissions.includes('create_custom_source');
  const canUpdate = permissions.includes('update_custom_source');
  const canDelete = permissions.includes('delete_custom_source');

  const listRef = useRef<{ send: (event: { type: 'RELOAD' }) => void } | null>(null);
  const [machines] = useState(() => ({
    list: customSourcesMachine.provide({
      actors: {
        load: fromPromise(({ input }) => sourcesApi.list(input.page, input.pageSize)),
        run: fromPromise(({ input }) => sourcesApi.run(input)),
      },
      actions: {
        notifyDone: (_, { action, answer }) => announce(answer, action.source.publisher_name),
        notifyFailure: (_, failure) => notify.error(messageText(failure.code, failure.message)),
      },
    }),
    editor: sourceEditorMachine.provide({
      actors: { save: fromPromise(({ input }) => sourcesApi.save(input)) },
      actions: {
        // A new or changed source: the snack bar, and the table reads again (a new one starts In-Progress, so it keeps reading).
        saved: (_, { answer }) => {
          announce(answer, answer.publisher_name ?? '');
          listRef.current?.send({ type: 'RELOAD' });
        },
      },
    }),
  }));
  const list = useActorRef(machines.list, { input: {}, inspect });
  listRef.current = list;
  const editor = useActorRef(machines.editor, { inspect });
  const rows = useSelector(list, sel.selectRows);
  const total = useSelector(list, sel.selectTotal);
  const { page, pageSize } = useSelector(list, sel.selectPage, (a, b) => a.page === b.page && a.pageSize === b.pageSize);
  const loaded = useSelector(list, sel.selectLoaded);
  const loading = useSelector(list, sel.selectLoading);
  const error = useSelector(list, sel.selectError);
  const acting = useSelector(list, sel.selectActing);
  const running = useSelector(list, (s) => s.context.running);
  const watching = useSelector(list, sel.selectWatching);

  const remove = useDialog<CustomSourceView, Answer>(
    (source) => sourcesApi.remove(source.id),
    (answer) => {
      announce(answer, '');
      list.send({ type: 'RELOAD' });
    },
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('publisher_name', {
          header: () => <FormattedMessage id="custom_sources.fields.publisher" />,
          // The description under the name: the table stays narrow enough for its actions.
          cell: ({ row }) => (
            <Stack gap="0.5" minW="36" maxW="48">
              <Text fontWeight="medium" data-testid="source-name">
                <Name>{row.original.publisher_name}</Name>
              </Text>
              <Text fontSize="xs" color="fg.muted" lineClamp={2} title={row.original.description} dir="auto" textAlign="start" data-testid="source-description">
                {row.original.description}
              </Text>
            </Stack>
          ),
        }),
        column.accessor('url', {
          header: () => <FormattedMessage id="custom_sources.fields.url" />,
          cell: ({ row }) => (
            <Link href={row.original.url} target="_blank" rel="noopener noreferrer" fontSize="sm" dir="ltr" textAlign="start" maxW="40" truncate display="block" title={row.original.url} colorPalette="brand" onClick={(e) => e.stopPropagation()}>
              {row.original.url}
            </Link>
          ),
        }),
        column.accessor('frequency_minutes', {
          header: () => <FormattedMessage id="custom_sources.fields.frequency_short" />,
          cell: ({ row }) => (
            <Text fontSize="sm" whiteSpace="nowrap">
              {intl.formatNumber(row.original.frequency_minutes, { style: 'unit', unit: 'minute', unitDisplay: 'short' })}
            </Text>
          ),
        }),
        column.accessor('status', {
          header: () => <FormattedMessage id="custom_sources.fields.status" />,
          cell: ({ row }) => <StatusBadge status={row.original.status} />,
        }),
        column.accessor('last_polled_at', {
          header: () => <FormattedMessage id="custom_sources.fields.last_read" />,
          cell: ({ row }) => <LastRead source={row.original} />,
        }),
        column.accessor('article_count', {
          header: () => <FormattedMessage id="custom_sources.fields.articles" />,
          meta: { align: 'end' },
          cell: ({ row }) => (
            <Text fontSize="sm" data-testid="source-articles">
              {intl.formatNumber(row.original.article_count)}
            </Text>
          ),
        }),
        column.accessor('created_at', {
          header: () => <FormattedMessage id="custom_sources.fields.created" />,
          cell: ({ row }) => (
            <Stack gap="0" fontSize="sm">
              <Text whiteSpace="nowrap">{row.original.created_by ? <Name>{row.original.created_by.name}</Name> : <FormattedMessage id="custom_sources.unknown_user" />}</Text>
              <Text color="fg.muted" fontSize="xs" whiteSpace="nowrap">
                <FormattedDate value={row.original.created_at} dateStyle="medium" />
              </Text>
            </Stack>
          ),
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="admin.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) => {
            const source = row.original;
            const paused = source.status === 'In-Active';
            const items = [
              canUpdate && { value: 'edit', label: 'custom_sources.actions.edit', onSelect: () => editor.send({ type: 'OPEN', source }) },
              canUpdate && !paused && { value: 'pause', label: 'custom_sources.actions.pause', onSelect: () => list.send({ type: 'RUN', action: { kind: 'pause', source } }) },
              canUpdate && paused && { value: 'resume', label: 'custom_sources.actions.resume', onSelect: () => list.send({ type: 'RUN', action: { kind: 'resume', source } }) },
              canDelete && { value: 'delete', label: 'custom_sources.actions.delete', onSelect: () => remove.show(source), danger: true },
            ].filter(Boolean) as RowMenuItem[];
            const reading = running?.kind === 'poll' && running.source.id === source.id;
            return (
              <HStack gap="1" justify="flex-end">
                <DeniedTooltip denied={!canUpdate} reason={<FormattedMessage id="custom_sources.denied.update" />}>
                  <Tooltip.Root openDelay={200} disabled={!canUpdate}>
                    <Tooltip.Trigger asChild>
                      <IconButton
                        size="sm"
                        variant="ghost"
                        colorPalette="brand"
                        loading={reading}
                        // A paused source is not read: resume it first.
                        disabled={!canUpdate || acting || paused}
                        onClick={() => list.send({ type: 'RUN', action: { kind: 'poll', source } })}
                        aria-label={intl.formatMessage({ id: 'custom_sources.actions.read_now_named' }, { name: source.publisher_name })}
                        data-testid={`source-read-${source.publisher_name}`}
                      >
                        <LuRefreshCw />
                      </IconButton>
                    </Tooltip.Trigger>
                    <Portal>
                      <Tooltip.Positioner>
                        <Tooltip.Content>
                          <FormattedMessage id="custom_sources.actions.read_now" />
                        </Tooltip.Content>
                      </Tooltip.Positioner>
                    </Portal>
                  </Tooltip.Root>
                </DeniedTooltip>
                {items.length > 0 && (
                  <RowMenu label={intl.formatMessage({ id: 'custom_sources.actions.menu' }, { name: source.publisher_name })} testId={`source-actions-${source.publisher_name}`} itemTestId="source-action" items={items} />
                )}
              </HStack>
            );
          },
        }),
      ]),
    // The columns close over the permissions, the language and the action on its way.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canUpdate, canDelete, intl, acting, running],
  );

  const table = useTable({ features: appTableFeatures, columns, data: rows, getRowId: (s) => s.id });
  const addButton = (size: 'sm' | 'md') => (
    <DeniedTooltip denied={!canCreate} reason={<FormattedMessage id="custom_sources.denied.create" />}>
      <Button size={size} colorPalette="brand" disabled={!canCreate} onClick={() => editor.send({ type: 'OPEN' })} data-testid={size === 'md' ? 'add-source' : 'add-source-empty'}>
        <LuPlus /> <FormattedMessage id="custom_sources.actions.add" />
      </Button>
    </DeniedTooltip>
  );
  const pending = remove.target;

  return (
    <Stack gap="0">
      <PageHeader title={<FormattedMessage id="nav.item.add_custom_source" />} description={<FormattedMessage id="custom_sources.description" />} actions={addButton('md')} />
      <Card.Root>
        <Card.Body gap="4">
          {watching && (
            <HStack gap="2" fontSize="sm" color="fg.muted" role="status" data-testid="sources-watching">
              <Spinner size="xs" />
              <Text>
                <FormattedMessage id="custom_sources.watching" />
              </Text>
            </HStack>
          )}
          {error && <ServerError message={error.message} code={error.code} />}
          <DataTable
            table={table}
            loading={loading}
            loaded={loaded}
            label={intl.formatMessage({ id: 'nav.item.add_custom_source' })}
            testId="sources-table"
            empty={
              <EmptyMessage
                testId="sources-empty"
                icon={<LuRss />}
                title={<FormattedMessage id="custom_sources.empty.title" />}
                description={<FormattedMessage id="custom_sources.empty.description" />}
                action={addButton('sm')}
              />
            }
          />
          <Box>
            <Pager page={page} pageSize={pageSize} total={total} onPage={(p) => list.send({ type: 'PAGE', page: p })} />
          </Box>
        </Card.Body>
      </Card.Root>

      <SourceDialog editor={editor} />

      <ActionDialog
        open={remove.open}
        busy={remove.busy}
        tone="danger"
        size="sm"
        title={pending && <FormattedMessage id="custom_sources.delete.title" values={{ name: <Name>{pending.publisher_name}</Name> }} />}
        submitLabel={<FormattedMessage id="custom_sources.delete.submit" />}
        error={remove.error}
        onSubmit={() => remove.submit()}
        onClose={remove.close}
        testId="source-delete"
      >
        <Text>
          <FormattedMessage id="custom_sources.delete.body" />
        </Text>
      </ActionDialog>
    </Stack>
  );
}
