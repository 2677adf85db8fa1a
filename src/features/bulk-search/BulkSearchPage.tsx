/**
 * Bulk Search (/bulk-search, view_bulk_search): the per-batch limit, the
 * batches in a filtered table whose running rows move live with the socket's
 * bulk-progress events, the upload modal (machines/bulk-upload), and per-batch
 * actions: its cases in Manage Case, the summary and results downloads, and
 * deletion with a reason. Filters and page live in the address.
 */
import { Alert, Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { LuLayers, LuUpload } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { batchDone, batchStatusOf, type BatchProgress, type BatchView } from '@common/bulk';
import { SOCKET_EVENTS } from '@common/constants';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { CopyButton } from '../../components/CopyButton';
import { DeleteWithReasonDialog } from '../../components/DeleteWithReasonDialog';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { Pager } from '../../components/table/Pager';
import { RowMenu } from '../../components/table/RowMenu';
import { useDialog } from '../../components/useDialog';
import { useSession } from '../../app/useSession';
import { messageById, messageText } from '../../lib/i18n';
import { onSocketEvent } from '../../lib/socket';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { BatchFilters, filtersFromSearch, isFiltered, searchFromFilters, type BatchFilterValues } from './BatchFilters';
import { BatchProgressBar } from './BatchProgressBar';
import { bulkApi, type BatchPage, type BulkInfo } from './api';
import { UploadModal } from './UploadModal';

const PAGE_SIZE = 20;
/** How often the list is read again while a batch is pending, in case the socket is quiet. */
const LIST_POLL_MS = 10_000;

/** A row with the socket's progress laid over it, unless the list's own answer is newer (further on, or ended). */
function overlay(b: BatchView, p: BatchProgress | undefined): BatchView {
  if (!p || b.phase === 'finished' || b.phase === 'deleted') return b;
  const ended = p.phase === 'finished' || p.phase === 'deleted';
  if (!ended && batchDone(p) < batchDone(b)) return b;
  return { ...b, ...p, status: batchStatusOf(p.phase) };
}
const column = columnsFor<BatchView>();
const STATUS_COLOURS = { Success: 'green', Pending: 'orange', Deleted: 'red' } as const;

/**
 * The latest progress of each batch heard on the socket, laid over the rows
 * the list answered, so a running batch moves without a reload. A batch that
 * ends (finished or deleted) reloads the list, whose answer is then the truth.
 */
function useLiveProgress(onEnded: () => void) {
  const [live, setLive] = useState<Record<string, BatchProgress>>({});
  useEffect(
    () =>
      onSocketEvent<BatchProgress>(SOCKET_EVENTS.bulkProgress, (p) => {
        if (!p?.id) return;
        setLive((current) => ({ ...current, [p.id]: p }));
        if (p.phase === 'finished' || p.phase === 'deleted') onEnded();
      }),
    [onEnded],
  );
  return live;
}

export default function BulkSearchPage() {
  const intl = useIntl();
  const search = useSearch();
  const [, navigate] = useLocation();
  const permissions = useSession(selectPermissionNames);
  const canUpload = permissions.includes('create_new_case');
  const canDelete = permissions.includes('delete_case');
  const { filters, page } = useMemo(() => filtersFromSearch(search), [search]);
  const [uploading, setUploading] = useState(false);

  const info = useResource<BulkInfo>('/bulk-batches');
  const query = useMemo(
    () => ({
      ...Object.fromEntries(Object.entries(filters).filter(([k, v]) => v !== '' && ((k !== 'date_from' && k !== 'date_to') || filters.date_preset === 'custom'))),
      tz_offset: new Date().getTimezoneOffset(),
      page,
      page_size: PAGE_SIZE,
    }),
    [filters, page],
  );
  const list = useResource<BatchPage>('/bulk-batches-list', query);
  const reload = list.reload;
  const live = useLiveProgress(reload);
  const rows = useMemo(() => (list.data?.rows ?? []).map((b) => overlay(b, live[b.id])), [list.data, live]);
  // A quiet socket (a dropped connection, a proxy) must not leave a batch looking stuck: while one is
  // pending the list is read again now and then, and the fresher of the two answers is shown.
  const pending = rows.some((b) => b.status === 'Pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, LIST_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, reload]);

  const go = (next: BatchFilterValues, nextPage = 1) => {
    const q = searchFromFilters(next, nextPage);
    navigate(`/bulk-search${q ? `?${q}` : ''}`);
  };

  const remove = useDialog<BatchView>(
    (batch, values) => bulkApi.deleteBatch(batch.id, String(values.reason)),
    () => {
      notify.success(messageById('batch_deleted'));
      reload();
    },
  );

  const download = (run: () => Promise<void>) => run().catch((e: { message?: string; code?: string }) => notify.error(messageText(e.code, e.message ?? messageById('server_error'))));

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: () => <FormattedMessage id="bulk.columns.name" />,
          cell: ({ row }) => (
            <Text fontWeight="medium" maxW="56" truncate data-testid="batch-name-cell">
              <Name>{row.original.name}</Name>
            </Text>
          ),
        }),
        column.accessor('id', {
          header: () => <FormattedMessage id="bulk.columns.id" />,
          cell: ({ row }) => (
            <HStack gap="0">
              <Text fontFamily="mono" fontSize="xs" dir="ltr" title={row.original.id}>
                {row.original.id.slice(0, 8)}
              </Text>
              <CopyButton value={row.original.id} />
            </HStack>
          ),
        }),
        column.accessor('created_at', {
          header: () => <FormattedMessage id="bulk.columns.created_at" />,
          cell: ({ row }) => (
            <Text fontSize="sm" whiteSpace="nowrap">
              <FormattedDate value={row.original.created_at} dateStyle="medium" timeStyle="short" />
            </Text>
          ),
        }),
        column.display({
          id: 'created_by',
          header: () => <FormattedMessage id="bulk.columns.created_by" />,
          cell: ({ row }) => <Text fontSize="sm">{row.original.created_by.name ? <Name>{row.original.created_by.name}</Name> : '—'}</Text>,
        }),
        column.accessor('success_count', {
          header: () => <FormattedMessage id="bulk.columns.success" />,
          meta: { align: 'end' },
          cell: ({ row }) => <span data-testid="success-count">{intl.formatNumber(row.original.success_count)}</span>,
        }),
        column.accessor('failed_count', {
          header: () => <FormattedMessage id="bulk.columns.failed" />,
          meta: { align: 'end' },
          cell: ({ row }) => intl.formatNumber(row.original.failed_count),
        }),
        column.accessor('total_count', {
          header: () => <FormattedMessage id="bulk.columns.total" />,
          meta: { align: 'end' },
          cell: ({ row }) => intl.formatNumber(row.original.total_count),
        }),
        column.accessor('status', {
          header: () => <FormattedMessage id="bulk.columns.status" />,
          cell: ({ row }) => {
            const b = row.original;
            const pending = b.status === 'Pending';
            return (
              <Stack gap="1" align="start">
                <Badge colorPalette={STATUS_COLOURS[b.status]} variant="subtle" data-testid="batch-status">
                  <FormattedMessage id={`bulk.status.${b.status}`} />
                </Badge>
                {pending && <BatchProgressBar progress={b} />}
              </Stack>
            );
          },
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="bulk.columns.actions" />,
          cell: ({ row }) => {
            const b = row.original;
            const items = [
              { value: 'view-cases', label: 'bulk.row.view_cases', onSelect: () => navigate(`/manage-case?batch=${encodeURIComponent(b.name)}`) },
              { value: 'summary-csv', label: 'bulk.row.summary_csv', onSelect: () => download(() => bulkApi.downloadSummary(b.id, b.name, 'csv')) },
              { value: 'summary-xlsx', label: 'bulk.row.summary_xlsx', onSelect: () => download(() => bulkApi.downloadSummary(b.id, b.name, 'xlsx')) },
              { value: 'results-csv', label: 'bulk.row.results_csv', onSelect: () => download(() => bulkApi.downloadResults(b.id, b.name, 'csv')) },
              { value: 'results-xlsx', label: 'bulk.row.results_xlsx', onSelect: () => download(() => bulkApi.downloadResults(b.id, b.name, 'xlsx')) },
              ...(canDelete && b.status !== 'Deleted' ? [{ value: 'delete', label: 'bulk.row.delete', danger: true, onSelect: () => remove.show(b) }] : []),
            ];
            return <RowMenu label={intl.formatMessage({ id: 'bulk.row.actions' }, { name: b.name })} testId="batch-actions" itemTestId="batch-action" items={items} />;
          },
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl.locale, canDelete],
  );
  const table = useTable({ features: appTableFeatures, columns, data: rows, getRowId: (b) => b.id });
  const filtered = isFiltered(filters);
  const limit = info.data?.entity_limit;

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.bulk_search" />}
        description={<FormattedMessage id="bulk.description" />}
        actions={
          canUpload ? (
            <Button colorPalette="brand" onClick={() => setUploading(true)} data-testid="upload-file">
              <LuUpload /> <FormattedMessage id="bulk.upload" />
            </Button>
          ) : (
            <Text fontSize="sm" color="fg.muted" maxW="xs" data-testid="upload-forbidden">
              {messageById('no_create_case_permission')}
            </Text>
          )
        }
      />
      <Stack gap="4">
        {limit !== undefined && (
          <Alert.Root status="info" data-testid="limit-banner">
            <Alert.Indicator />
            <Alert.Description>
              <FormattedMessage id="bulk.banner" values={{ limit: intl.formatNumber(limit) }} />
            </Alert.Description>
          </Alert.Root>
        )}
        <Card.Root>
          <Card.Body gap="4">
            <BatchFilters applied={filters} creators={info.data?.creators ?? []} onApply={(next) => go(next)} />
            {list.error && <ServerError message={list.error.message} code={list.error.code} />}
            <DataTable
              table={table}
              loading={list.loading}
              loaded={list.data !== null}
              label={intl.formatMessage({ id: 'nav.item.bulk_search' })}
              testId="batches-table"
              empty={
                <EmptyMessage
                  testId="batches-empty"
                  icon={<LuLayers />}
                  title={<FormattedMessage id={filtered ? 'bulk.empty.title_filtered' : 'bulk.empty.title_none'} />}
                  description={<FormattedMessage id={filtered ? 'bulk.empty.filtered' : 'bulk.empty.none'} />}
                />
              }
            />
            <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={(p) => go(filters, p)} />
          </Card.Body>
        </Card.Root>
      </Stack>

      {uploading && <UploadModal onClose={() => setUploading(false)} onStarted={() => reload()} />}
      <DeleteWithReasonDialog
        dialog={remove}
        testId="delete-batch-dialog"
        title={<FormattedMessage id="bulk.delete.title" values={{ name: <Name>{remove.target?.name ?? ''}</Name> }} />}
      >
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="bulk.delete.body" values={{ count: remove.target?.total_count ?? 0 }} />
        </Text>
      </DeleteWithReasonDialog>
    </Stack>
  );
}
