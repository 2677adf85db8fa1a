/**
 * One custom list's records (/aml-custom-list/:listId): the list's header (type, description, counts,
 * who created, changed or deleted it), its records in a table searched by name or other name and paged
 * (kept in the address), and the record actions: open, add one, add from a file, edit, delete with a
 * reason. A deleted list is read-only. Actions appear only with their permission.
 */
import { Alert, Badge, Box, Button, Card, Checkbox, HStack, Input, Link as ChakraLink, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { LuFileUp, LuPlus, LuSearch, LuUsers } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { ListRecordView } from '@common/custom-lists';
import { NO_RECORD_FILTERS, recordsFromSearch, recordsQuery, searchFromRecords, type RecordFilters } from '@machines/custom-lists/address';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { DeleteWithReasonDialog } from '../../components/DeleteWithReasonDialog';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { Pager } from '../../components/table/Pager';
import { RowMenu, type RowMenuItem } from '../../components/table/RowMenu';
import { useDialog } from '../../components/useDialog';
import { useSession } from '../../app/useSession';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { valueLabel } from '../../lib/valueLabels';
import { listApi, type Answer, type RecordPage } from './api';
import { ListBreadcrumbs } from './ListBreadcrumbs';
import { ActorCell, ListTypeBadge, countryLabel, recordDate } from './labels';
import { RecordFormDialog } from './RecordFormDialog';
import { UploadListModal } from './UploadListModal';

const PAGE_SIZE = 25;
const column = columnsFor<ListRecordView>();

function SearchForm({ applied, onApply }: { applied: RecordFilters; onApply: (filters: RecordFilters) => void }) {
  const intl = useIntl();
  const [values, setValues] = useState<RecordFilters>(applied);
  // Back, Forward or a shared link: the form shows the search the address names.
  useEffect(() => setValues(applied), [applied]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(values);
  };
  return (
    <form onSubmit={submit} noValidate role="search" aria-label={intl.formatMessage({ id: 'custom_lists.records.search_label' })}>
      <HStack gap="3" wrap="wrap" align="center">
        <Input
          size="sm"
          name="search"
          maxW="sm"
          maxLength={100}
          value={values.search}
          aria-label={intl.formatMessage({ id: 'custom_lists.records.search_label' })}
          placeholder={intl.formatMessage({ id: 'custom_lists.records.search_placeholder' })}
          onChange={(e) => setValues({ ...values, search: e.target.value })}
          data-testid="record-search"
        />
        <Checkbox.Root size="sm" colorPalette="brand" checked={values.deleted} onCheckedChange={(d) => setValues({ ...values, deleted: Boolean(d.checked) })} data-testid="filter-deleted-records">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <FormattedMessage id="custom_lists.records.deleted_filter" />
          </Checkbox.Label>
        </Checkbox.Root>
        <Button type="submit" size="sm" colorPalette="brand" data-testid="apply-record-search">
          <LuSearch /> <FormattedMessage id="custom_lists.records.search" />
        </Button>
        {(applied.search || applied.deleted) && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setValues(NO_RECORD_FILTERS);
              onApply(NO_RECORD_FILTERS);
            }}
          >
            <FormattedMessage id="custom_lists.filters.clear" />
          </Button>
        )}
      </HStack>
    </form>
  );
}

export default function ListRecordsPage() {
  const intl = useIntl();
  const { listId } = useParams<{ listId: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const permissions = useSession(selectPermissionNames);
  const canCreate = permissions.includes('create_custom_listing');
  const canDelete = permissions.includes('delete_custom_listing_entry');
  const { filters, page } = useMemo(() => recordsFromSearch(search), [search]);
  // undefined: closed; null: a new record; a record: editing it.
  const [form, setForm] = useState<ListRecordView | null | undefined>(undefined);
  const [appending, setAppending] = useState(false);

  const answer = useResource<RecordPage>('/get-custom-listing-entries', recordsQuery(listId, filters, page, PAGE_SIZE));
  const reload = answer.reload;
  const list = answer.data?.list ?? null;
  const live = list !== null && !list.is_deleted;
  const base = `/aml-custom-list/${listId}`;
  const go = (next: RecordFilters, nextPage = 1) => {
    const q = searchFromRecords(next, nextPage);
    navigate(`${base}${q ? `?${q}` : ''}`);
  };
  const open = (r: ListRecordView) => navigate(`${base}/${r._id}`);

  const remove = useDialog<ListRecordView, Answer>(
    (target, values) => listApi.deleteRecord(target._id, String(values.reason)),
    (done) => {
      notify.success(messageText(done.code, done.message ?? ''));
      reload();
    },
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('full_name', {
          header: () => <FormattedMessage id="custom_lists.fields.full_name" />,
          cell: ({ row }) => (
            <Stack gap="0.5">
              <ChakraLink asChild fontWeight="medium" color="brand.fg" onClick={(e) => e.stopPropagation()}>
                <Link href={`${base}/${row.original._id}`} data-testid="record-link">
                  <Name>{row.original.full_name}</Name>
                </Link>
              </ChakraLink>
              {row.original.is_deleted && (
                <Badge size="sm" colorPalette="red" variant="subtle" w="fit-content">
                  <FormattedMessage id="custom_lists.records.deleted_badge" />
                </Badge>
              )}
            </Stack>
          ),
        }),
        column.accessor('aliases', {
          header: () => <FormattedMessage id="custom_lists.fields.aliases" />,
          cell: ({ row }) => (
            <Text fontSize="sm" color="fg.muted" maxW="56" lineClamp={2}>
              {row.original.aliases.map((a, i) => (
                <span key={a}>
                  {i > 0 && ', '}
                  <Name>{a}</Name>
                </span>
              ))}
            </Text>
          ),
        }),
        column.accessor('entity_type', {
          header: () => <FormattedMessage id="custom_lists.fields.entity_type" />,
          cell: ({ row }) => <Text fontSize="sm">{valueLabel(intl, 'entity_type', row.original.entity_type)}</Text>,
        }),
        column.display({
          id: 'date',
          header: () => <FormattedMessage id="custom_lists.fields.date_short" />,
          cell: ({ row }) => <Text fontSize="sm">{recordDate(intl, row.original) || '—'}</Text>,
        }),
        column.accessor('country', {
          header: () => <FormattedMessage id="custom_lists.fields.country" />,
          cell: ({ row }) => <Text fontSize="sm">{countryLabel(row.original.country, intl.locale) || '—'}</Text>,
        }),
        column.accessor('category', {
          header: () => <FormattedMessage id="custom_lists.fields.category" />,
          cell: ({ row }) => (
            <Text fontSize="sm" maxW="40" truncate>
              {row.original.category ? <Name>{row.original.category}</Name> : '—'}
            </Text>
          ),
        }),
        column.display({
          id: 'created',
          header: () => <FormattedMessage id="custom_lists.columns.created" />,
          cell: ({ row }) => <ActorCell at={row.original.created_at} by={row.original.created_by} />,
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="custom_lists.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) => {
            const r = row.original;
            const writable = live && !r.is_deleted;
            const items = [
              { value: 'open', label: 'custom_lists.row.open_record', onSelect: () => open(r) },
              canCreate && writable && { value: 'edit', label: 'custom_lists.row.edit', onSelect: () => setForm(r) },
              canDelete && writable && { value: 'delete', label: 'custom_lists.row.delete_record', danger: true, onSelect: () => remove.show(r) },
            ].filter(Boolean) as RowMenuItem[];
            return <RowMenu label={intl.formatMessage({ id: 'custom_lists.row.record_actions' }, { name: r.full_name })} testId="record-actions" itemTestId="record-action" items={items} />;
          },
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl.locale, canCreate, canDelete, live, base],
  );
  const table = useTable({ features: appTableFeatures, columns, data: answer.data?.data ?? [], getRowId: (r) => r._id });
  const searching = filters.search.trim() !== '' || filters.deleted;

  if (answer.error && !answer.data) {
    return (
      <Stack gap="4">
        <ListBreadcrumbs />
        <ServerError message={answer.error.message} code={answer.error.code} />
      </Stack>
    );
  }

  return (
    <Stack gap="0">
      <ListBreadcrumbs list={list ? { _id: list._id, name: list.name } : undefined} />
      {list ? (
        <PageHeader
          title={
            <HStack as="span" gap="3" wrap="wrap">
              <Name>{list.name}</Name>
              <ListTypeBadge type={list.type} />
            </HStack>
          }
          description={<Name>{list.description}</Name>}
          actions={
            live &&
            canCreate && (
              <>
                <Button variant="outline" onClick={() => setAppending(true)} data-testid="add-records-file">
                  <LuFileUp /> <FormattedMessage id="custom_lists.row.add_file" />
                </Button>
                <Button colorPalette="brand" onClick={() => setForm(null)} data-testid="add-record">
                  <LuPlus /> <FormattedMessage id="custom_lists.records.add" />
                </Button>
              </>
            )
          }
        />
      ) : (
        <Skeleton height="16" mb="6" />
      )}
      <Stack gap="4">
        {list?.is_deleted && (
          <Alert.Root status="warning" data-testid="list-deleted">
            <Alert.Indicator />
            <Alert.Description>
              <FormattedMessage
                id="custom_lists.records.list_deleted"
                values={{
                  name: <Name>{list.deleted_by?.name ?? '—'}</Name>,
                  date: list.deleted_at ? <FormattedDate value={list.deleted_at} dateStyle="medium" timeStyle="short" /> : '—',
                  reason: <Name>{list.delete_reason ?? ''}</Name>,
                }}
              />
            </Alert.Description>
          </Alert.Root>
        )}
        {list && (
          <Wrap gap="6" fontSize="sm" color="fg.muted" data-testid="list-facts">
            <Text>
              <FormattedMessage id="custom_lists.records.total" values={{ count: list.total_records }} />
            </Text>
            <Text>
              <FormattedMessage
                id="custom_lists.records.created"
                values={{ name: <Name>{list.created_by?.name ?? '—'}</Name>, date: <FormattedDate value={list.created_at} dateStyle="medium" timeStyle="short" /> }}
              />
            </Text>
            <Text>
              <FormattedMessage
                id="custom_lists.records.updated"
                values={{ name: <Name>{list.updated_by?.name ?? '—'}</Name>, date: <FormattedDate value={list.updated_at} dateStyle="medium" timeStyle="short" /> }}
              />
            </Text>
          </Wrap>
        )}
        <Card.Root>
          <Card.Body gap="4">
            <SearchForm applied={filters} onApply={(next) => go(next)} />
            {answer.error && <ServerError message={answer.error.message} code={answer.error.code} />}
            <DataTable
              table={table}
              loading={answer.loading}
              loaded={answer.data !== null}
              label={intl.formatMessage({ id: 'custom_lists.records.table_label' }, { name: list?.name ?? '' })}
              testId="records-table"
              onRowClick={open}
              empty={
                <EmptyMessage
                  testId="records-empty"
                  icon={<LuUsers />}
                  title={<FormattedMessage id={searching ? 'custom_lists.records.empty_filtered_title' : 'custom_lists.records.empty_title'} />}
                  description={<FormattedMessage id={searching ? 'custom_lists.records.empty_filtered' : 'custom_lists.records.empty'} />}
                />
              }
            />
            <Pager page={page} pageSize={PAGE_SIZE} total={answer.data?.total ?? 0} onPage={(p) => go(filters, p)} />
          </Card.Body>
        </Card.Root>
      </Stack>

      {form !== undefined && <RecordFormDialog listId={listId} record={form} onClose={() => setForm(undefined)} onSaved={() => reload()} />}
      {appending && list && <UploadListModal list={{ _id: list._id, name: list.name }} onClose={() => setAppending(false)} onUploaded={() => reload()} />}
      <DeleteWithReasonDialog dialog={remove} testId="delete-record-dialog" title={<FormattedMessage id="custom_lists.delete_record.title" values={{ name: <Name>{remove.target?.full_name ?? ''}</Name> }} />}>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="custom_lists.delete_record.body" />
          </Text>
        </Box>
      </DeleteWithReasonDialog>
    </Stack>
  );
}
