/**
 * AML Custom Lists (/aml-custom-list, view_custom_listing, not on the basic plan): the organisation's
 * blacklists and whitelists in a filtered table (name, type, deleted ones; kept in the address), the
 * upload modal that creates a list from a CSV or Excel file, and per-list actions: open its records, add
 * records from a file, delete with a reason. Actions appear only with their permission.
 */
import { Badge, Button, Card, Checkbox, Grid, HStack, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { LuListPlus, LuShieldCheck } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import type { CustomListView } from '@common/custom-lists';
import { CUSTOM_LIST_TYPES } from '@common/enums';
import { NO_LIST_FILTERS, listsFromSearch, listsQuery, searchFromLists, type ListFilters } from '@machines/custom-lists/address';
import type { TargetList } from '@machines/custom-lists/list-upload.types';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { DeleteWithReasonDialog } from '../../components/DeleteWithReasonDialog';
import { EmptyMessage } from '../../components/EmptyMessage';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/Select';
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
import { listApi, type Answer, type ListPage } from './api';
import { ActorCell, ListTypeBadge } from './labels';
import { UploadListModal } from './UploadListModal';

const PAGE_SIZE = 20;
const column = columnsFor<CustomListView>();

/** The filter form: it shows the filters of the address, and applies what the user typed. */
function Filters({ applied, onApply }: { applied: ListFilters; onApply: (filters: ListFilters) => void }) {
  const intl = useIntl();
  const [values, setValues] = useState<ListFilters>(applied);
  // Back, Forward or a shared link: the form shows the filters the address names.
  useEffect(() => setValues(applied), [applied]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(values);
  };
  return (
    <form onSubmit={submit} noValidate role="search" aria-label={intl.formatMessage({ id: 'custom_lists.filters.label' })}>
      <Grid templateColumns={{ base: '1fr', md: '2fr 1fr auto auto' }} gap="3" alignItems="end">
        <FormField label={<FormattedMessage id="custom_lists.filters.name" />} labelSize="sm">
          <Input size="sm" name="name" maxLength={100} value={values.name} placeholder={intl.formatMessage({ id: 'custom_lists.filters.name_placeholder' })} onChange={(e) => setValues({ ...values, name: e.target.value })} />
        </FormField>
        <SelectField
          label={<FormattedMessage id="custom_lists.filters.type" />}
          labelSize="sm"
          size="sm"
          name="type"
          data-testid="filter-type"
          value={values.type}
          onChange={(e) => setValues({ ...values, type: e.target.value as ListFilters['type'] })}
          options={[{ value: '', label: intl.formatMessage({ id: 'custom_lists.filters.any_type' }) }, ...CUSTOM_LIST_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: `custom_lists.type.${t}` }) }))]}
        />
        <Checkbox.Root size="sm" colorPalette="brand" checked={values.deleted} onCheckedChange={(d) => setValues({ ...values, deleted: Boolean(d.checked) })} pb="2" data-testid="filter-deleted">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <FormattedMessage id="custom_lists.filters.deleted" />
          </Checkbox.Label>
        </Checkbox.Root>
        <HStack>
          <Button type="submit" size="sm" colorPalette="brand" data-testid="apply-filters">
            <FormattedMessage id="custom_lists.filters.apply" />
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setValues(NO_LIST_FILTERS);
              onApply(NO_LIST_FILTERS);
            }}
            data-testid="clear-filters"
          >
            <FormattedMessage id="custom_lists.filters.clear" />
          </Button>
        </HStack>
      </Grid>
    </form>
  );
}

export default function CustomListsPage() {
  const intl = useIntl();
  const search = useSearch();
  const [, navigate] = useLocation();
  const permissions = useSession(selectPermissionNames);
  const canCreate = permissions.includes('create_custom_listing');
  const canDelete = permissions.includes('delete_custom_listing');
  const { filters, page } = useMemo(() => listsFromSearch(search), [search]);
  // null: closed; 'new': a new list; a list: records added to it.
  const [upload, setUpload] = useState<TargetList | 'new' | null>(null);

  const list = useResource<ListPage>('/get-custom-listing', listsQuery(filters, page, PAGE_SIZE));
  const reload = list.reload;
  const go = (next: ListFilters, nextPage = 1) => {
    const q = searchFromLists(next, nextPage);
    navigate(`/aml-custom-list${q ? `?${q}` : ''}`);
  };
  const open = (l: CustomListView) => navigate(`/aml-custom-list/${l._id}`);

  const remove = useDialog<CustomListView, Answer>(
    (target, values) => listApi.deleteList(target._id, String(values.reason)),
    (answer) => {
      notify.success(messageText(answer.code, answer.message ?? ''));
      reload();
    },
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: () => <FormattedMessage id="custom_lists.columns.name" />,
          cell: ({ row }) => (
            <Stack gap="0.5" align="start">
              <ChakraLink asChild fontWeight="medium" color="brand.fg" maxW="56" truncate onClick={(e) => e.stopPropagation()}>
                <Link href={`/aml-custom-list/${row.original._id}`} data-testid="list-link">
                  <Name>{row.original.name}</Name>
                </Link>
              </ChakraLink>
              {row.original.is_deleted && (
                <Badge size="sm" colorPalette="red" variant="subtle">
                  <FormattedMessage id="custom_lists.deleted_badge" />
                </Badge>
              )}
            </Stack>
          ),
        }),
        column.accessor('description', {
          header: () => <FormattedMessage id="custom_lists.columns.description" />,
          cell: ({ row }) => (
            <Text fontSize="sm" color="fg.muted" maxW="64" lineClamp={2} title={row.original.description}>
              <Name>{row.original.description}</Name>
            </Text>
          ),
        }),
        column.accessor('type', {
          header: () => <FormattedMessage id="custom_lists.columns.type" />,
          cell: ({ row }) => <ListTypeBadge type={row.original.type} />,
        }),
        column.accessor('total_records', {
          header: () => <FormattedMessage id="custom_lists.columns.total_records" />,
          meta: { align: 'end' },
          cell: ({ row }) => <span data-testid="total-records">{intl.formatNumber(row.original.total_records)}</span>,
        }),
        column.display({
          id: 'created',
          header: () => <FormattedMessage id="custom_lists.columns.created" />,
          cell: ({ row }) => <ActorCell at={row.original.created_at} by={row.original.created_by} />,
        }),
        column.display({
          id: 'updated',
          header: () => <FormattedMessage id="custom_lists.columns.updated" />,
          cell: ({ row }) => <ActorCell at={row.original.updated_at} by={row.original.updated_by} />,
        }),
        column.display({
          id: 'deleted',
          header: () => <FormattedMessage id="custom_lists.columns.deleted" />,
          cell: ({ row }) => <ActorCell at={row.original.deleted_at} by={row.original.deleted_by} testId="deleted-cell" />,
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="custom_lists.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) => {
            const l = row.original;
            const items = [
              { value: 'open', label: 'custom_lists.row.open', onSelect: () => open(l) },
              canCreate && !l.is_deleted && { value: 'add-file', label: 'custom_lists.row.add_file', onSelect: () => setUpload({ _id: l._id, name: l.name }) },
              canDelete && !l.is_deleted && { value: 'delete', label: 'custom_lists.row.delete', danger: true, onSelect: () => remove.show(l) },
            ].filter(Boolean) as RowMenuItem[];
            return <RowMenu label={intl.formatMessage({ id: 'custom_lists.row.actions' }, { name: l.name })} testId="list-actions" itemTestId="list-action" items={items} />;
          },
        }),
      ]),
    // The columns close over the permissions; rebuild them when those or the language change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl.locale, canCreate, canDelete],
  );
  const table = useTable({ features: appTableFeatures, columns, data: list.data?.data ?? [], getRowId: (l) => l._id });
  const filtered = searchFromLists(filters) !== '';

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.aml_custom_lists" />}
        description={<FormattedMessage id="custom_lists.description" />}
        actions={
          canCreate && (
            <Button colorPalette="brand" onClick={() => setUpload('new')} data-testid="create-list">
              <LuListPlus /> <FormattedMessage id="custom_lists.create" />
            </Button>
          )
        }
      />
      <Card.Root>
        <Card.Body gap="4">
          <Filters applied={filters} onApply={(next) => go(next)} />
          {list.error && <ServerError message={list.error.message} code={list.error.code} />}
          <DataTable
            table={table}
            loading={list.loading}
            loaded={list.data !== null}
            label={intl.formatMessage({ id: 'nav.item.aml_custom_lists' })}
            testId="lists-table"
            onRowClick={open}
            empty={
              <EmptyMessage
                testId="lists-empty"
                icon={<LuShieldCheck />}
                title={<FormattedMessage id={filtered ? 'custom_lists.empty.title_filtered' : 'custom_lists.empty.title_none'} />}
                description={<FormattedMessage id={filtered ? 'custom_lists.empty.filtered' : canCreate ? 'custom_lists.empty.none' : 'custom_lists.empty.none_viewer'} />}
                action={
                  filtered ? (
                    <Button size="sm" variant="outline" onClick={() => go(NO_LIST_FILTERS)}>
                      <FormattedMessage id="custom_lists.filters.clear" />
                    </Button>
                  ) : canCreate ? (
                    <Button size="sm" colorPalette="brand" onClick={() => setUpload('new')}>
                      <LuListPlus /> <FormattedMessage id="custom_lists.create" />
                    </Button>
                  ) : undefined
                }
              />
            }
          />
          <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={(p) => go(filters, p)} />
        </Card.Body>
      </Card.Root>

      {upload && (
        <UploadListModal
          list={upload === 'new' ? null : upload}
          onClose={() => setUpload(null)}
          onUploaded={(answer, appended) => {
            if (appended) reload();
            else navigate(`/aml-custom-list/${answer.list._id}`);
          }}
        />
      )}
      <DeleteWithReasonDialog dialog={remove} testId="delete-list-dialog" title={<FormattedMessage id="custom_lists.delete.title" values={{ name: <Name>{remove.target?.name ?? ''}</Name> }} />}>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="custom_lists.delete.body" values={{ count: remove.target?.total_records ?? 0 }} />
        </Text>
      </DeleteWithReasonDialog>
    </Stack>
  );
}
