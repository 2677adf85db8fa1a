/**
 * Manage Case (/manage-case): the organisation's cases in a server-paginated,
 * sortable table (TanStack Table v9 with the app's shared features), the
 * filters of the spec (status, also from ?caseStatus; date presets and a custom
 * range; relevance; deleted cases), exports of the filtered set to CSV and
 * Excel, deletion with a reason and bulk decision review of selected cases.
 * The filters, sort, page and page size are kept in the address, so a filtered
 * view can be bookmarked, shared, reloaded and restored with Back.
 */
import { Badge, Button, Card, Flex, Grid, HStack, Input, Stack, Tag, Text } from '@chakra-ui/react';
import { useTable, type RowSelectionState } from '@tanstack/react-table';
import { useMemo, type FormEvent, type ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuClipboardCheck, LuFolderSearch, LuPlus, LuRadar, LuTrash2 } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { CASE_SORT_KEYS, type CaseSortKey, type CaseView } from '@common/cases';
import { CASE_FILTER_STATUSES, RELEVANCE } from '@common/enums';
import { PAGE_SIZES, type CaseListFilters } from '@machines/cases/case-list-query';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { DateRangeFields } from '../../components/DateRangeFields';
import { EmptyMessage } from '../../components/EmptyMessage';
import { DatePresetField, SelectionBar, ShowDeletedSwitch } from '../../components/ListFilterFields';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { ExportMenu } from '../../components/table/ExportMenu';
import { PagedFooter } from '../../components/table/PagedFooter';
import { RowCheckbox, SelectAllCheckbox } from '../../components/table/SelectionCheckboxes';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { useDialog } from '../../components/useDialog';
import { useSession } from '../../app/useSession';
import { messageById } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { caseApi, useCaseChanges } from './api';
import { DeleteWithReasonDialog } from '../../components/DeleteWithReasonDialog';
import { CaseStatusBadge, DateStacked, MatchBadge, RiskBadge, valueLabel, valueOptions } from './labels';
import { ReviewDialog } from './ReviewDialog';
import { useCaseList } from './useCaseList';
import { useReview } from './useReview';

type Filters = Pick<CaseListFilters, 'sort_by' | 'sort_order'>;
const column = columnsFor<CaseView>();

function SortHeader({ id, label, filters, onSort }: { id: CaseSortKey; label: ReactNode; filters: Filters; onSort: (id: CaseSortKey) => void }) {
  const active = filters.sort_by === id;
  const Icon = !active ? LuArrowUpDown : filters.sort_order === 'asc' ? LuArrowUp : LuArrowDown;
  return (
    <Button variant="plain" size="xs" px="0" color="inherit" fontWeight="inherit" textTransform="inherit" onClick={() => onSort(id)} data-testid={`sort-${id}`}>
      {label} <Icon opacity={active ? 1 : 0.4} />
    </Button>
  );
}

/**
 * Ongoing monitoring of a case, shown under its reference when it is on: on for
 * the case or for any of its entities, as the case panel and the exports say.
 */
function MonitoringBadges({ kase }: { kase: CaseView }) {
  const intl = useIntl();
  if (!kase.aml_monitoring && !kase.adverse_media_monitoring) return null;
  return (
    <HStack gap="1" role="group" aria-label={intl.formatMessage({ id: 'cases.manage.monitoring' })} data-testid="case-monitoring">
      {kase.aml_monitoring && (
        <Badge size="xs" colorPalette="brand" variant="subtle">
          <LuRadar aria-hidden />
          <FormattedMessage id="cases.manage.monitoring_aml" />
        </Badge>
      )}
      {kase.adverse_media_monitoring && (
        <Badge size="xs" colorPalette="purple" variant="subtle">
          <LuRadar aria-hidden />
          <FormattedMessage id="cases.manage.monitoring_media" />
        </Badge>
      )}
    </HStack>
  );
}

export default function ManageCasePage() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const permissions = useSession(selectPermissionNames);
  const can = (p: string) => permissions.includes(p);
  // Filters, sort, page and page size live in the address (machines/cases/manage-case.machine.ts).
  const list = useCaseList();
  const { draft, rangeError } = list;
  const selection: RowSelectionState = list.selection;
  useCaseChanges(null, list.reload);

  /** Selects and switches apply at once; typing (and choosing a custom range, which needs its dates) waits. */
  const edit = (filters: Partial<CaseListFilters>) => list.send({ type: 'EDIT', filters });
  const type = (filters: Partial<CaseListFilters>) => list.send({ type: 'DRAFT', filters });
  const sort = (id: CaseSortKey) => list.send({ type: 'SORT', key: id });

  const review = useReview(() => {
    review.send({ type: 'CLOSE' });
    list.acted();
  });

  const remove = useDialog<string[]>(
    (references, values) => caseApi.deleteCases({ references, reason: values.reason }),
    () => {
      notify.success(messageById('cases_deleted'));
      list.acted();
    },
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.display({
          id: 'select',
          header: ({ table }) => <SelectAllCheckbox table={table} label={intl.formatMessage({ id: 'cases.manage.select_all' })} />,
          cell: ({ row }) => <RowCheckbox row={row} label={intl.formatMessage({ id: 'cases.manage.select_row' }, { reference: row.original.reference })} />,
        }),
        column.accessor('reference', {
          header: () => <SortHeader id="reference" label={<FormattedMessage id="cases.fields.reference" />} filters={list.filters} onSort={sort} />,
          cell: ({ row }) => (
            <Stack gap="1" align="start">
              <Text fontFamily="mono" fontSize="sm" color="brand.fg" whiteSpace="nowrap" data-testid="case-reference">
                {row.original.reference}
              </Text>
              <MonitoringBadges kase={row.original} />
            </Stack>
          ),
        }),
        column.accessor('search_term', {
          header: () => <SortHeader id="search_term" label={<FormattedMessage id="cases.fields.search_term" />} filters={list.filters} onSort={sort} />,
          cell: ({ row }) => (
            <Stack gap="0" minW="40">
              <Text fontWeight="medium">
                <Name>{row.original.search_term}</Name>
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {valueLabel(intl, 'entity_type', row.original.entity_type)}
                {row.original.client_reference ? ` · ${row.original.client_reference}` : ''}
              </Text>
            </Stack>
          ),
        }),
        column.accessor('hit_count', {
          header: () => <SortHeader id="hit_count" label={<FormattedMessage id="cases.fields.hit_count" />} filters={list.filters} onSort={sort} />,
          meta: { align: 'end' },
          cell: ({ row }) => intl.formatNumber(row.original.hit_count),
        }),
        column.accessor('match_status', {
          header: () => <SortHeader id="match_status" label={<FormattedMessage id="cases.fields.match_status" />} filters={list.filters} onSort={sort} />,
          cell: ({ row }) => <MatchBadge value={row.original.match_status} />,
        }),
        column.accessor('case_status', {
          header: () => <SortHeader id="case_status" label={<FormattedMessage id="cases.fields.case_status" />} filters={list.filters} onSort={sort} />,
          cell: ({ row }) => <CaseStatusBadge value={row.original.case_status} />,
        }),
        column.accessor('risk_level', {
          header: () => <SortHeader id="risk_level" label={<FormattedMessage id="cases.fields.risk_level" />} filters={list.filters} onSort={sort} />,
          cell: ({ row }) => <RiskBadge value={row.original.risk_level} />,
        }),
        column.display({
          id: 'assignees',
          header: () => <FormattedMessage id="cases.fields.assignees" />,
          cell: ({ row }) => (
            <Text fontSize="sm" maxW="40" truncate>
              {row.original.assignees.length ? <Name>{row.original.assignees.map((a) => a.name).join(', ')}</Name> : '—'}
            </Text>
          ),
        }),
        column.accessor('created_at', {
          header: () => <SortHeader id="created_at" label={<FormattedMessage id="cases.fields.created_at" />} filters={list.filters} onSort={sort} />,
          cell: ({ row }) => <DateStacked value={row.original.created_at} />,
        }),
        column.accessor('updated_at', {
          header: () => <SortHeader id="updated_at" label={<FormattedMessage id="cases.fields.updated_at" />} filters={list.filters} onSort={sort} />,
          cell: ({ row }) => <DateStacked value={row.original.updated_at} />,
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list.filters, intl.locale],
  );

  const table = useTable({
    features: appTableFeatures,
    columns,
    data: list.rows,
    getRowId: (c) => c.reference,
    state: { rowSelection: selection },
    onRowSelectionChange: (change) => list.send({ type: 'SELECT', selection: typeof change === 'function' ? change(selection) : change }),
  });
  const selected = Object.keys(selection).filter((k) => selection[k]);
  const deletedView = list.filters.deleted === 'true';

  const exportAs = (format: 'csv' | 'xlsx') => list.send({ type: 'EXPORT', format });

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    list.send({ type: 'APPLY' });
  };

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.manage_case" />}
        description={<FormattedMessage id="cases.manage.description" />}
        actions={
          <>
            {can('export_cases') && (
              <ExportMenu onExport={exportAs} exporting={list.exporting} labels="cases.manage" testId="export" />
            )}
            {can('create_new_case') && (
              <Button colorPalette="brand" asChild>
                <Link href="/make-case">
                  <LuPlus /> <FormattedMessage id="nav.item.create_new_case" />
                </Link>
              </Button>
            )}
          </>
        }
      />
      <Card.Root>
        <Card.Body gap="4">
          <form onSubmit={submitSearch} noValidate>
            <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: '2fr repeat(3, 1fr) auto' }} gap="3" alignItems="end">
              <FormField label={<FormattedMessage id="cases.manage.search" />} labelSize="sm">
                <Input name="search" size="sm" value={draft.search ?? ''} placeholder={intl.formatMessage({ id: 'cases.manage.search_placeholder' })} onChange={(e) => type({ search: e.target.value })} />
              </FormField>
              <SelectField
                label={<FormattedMessage id="cases.fields.case_status" />}
                labelSize="sm"
                size="sm"
                name="case_status"
                data-testid="filter-status"
                value={draft.case_status ?? ''}
                onChange={(e) => edit({ case_status: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'cases.manage.all_statuses' }) }, ...valueOptions(intl, 'case_status', CASE_FILTER_STATUSES)]}
              />
              <DatePresetField
                label={<FormattedMessage id="cases.manage.date" />}
                testId="filter-date"
                value={draft.date_preset ?? 'all_time'}
                onApply={(preset) => edit({ date_preset: preset })}
                onCustom={() => type({ date_preset: 'custom' })}
              />
              <SelectField
                label={<FormattedMessage id="cases.fields.relevance" />}
                labelSize="sm"
                size="sm"
                name="relevance"
                data-testid="filter-relevance"
                value={draft.relevance ?? ''}
                onChange={(e) => edit({ relevance: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'cases.manage.any_relevance' }) }, ...valueOptions(intl, 'relevance', RELEVANCE)]}
              />
              <HStack>
                <Button type="submit" size="sm" colorPalette="brand" data-testid="apply-filters">
                  <FormattedMessage id="cases.manage.apply" />
                </Button>
              </HStack>
            </Grid>
            {draft.date_preset === 'custom' && (
              <DateRangeFields mt="3" values={draft} error={rangeError} onChange={type} labels="cases.manage" testId="custom-range" />
            )}
          </form>
          {list.filters.batch && (
            <HStack gap="2" data-testid="batch-filter">
              <Tag.Root size="lg" colorPalette="brand" variant="subtle">
                <Tag.Label>
                  <FormattedMessage id="cases.manage.batch_filter" values={{ name: <Name>{list.filters.batch}</Name> }} />
                </Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={intl.formatMessage({ id: 'cases.manage.batch_filter_remove' })}
                    onClick={() => edit({ batch: '' })}
                    data-testid="batch-filter-remove"
                  />
                </Tag.EndElement>
              </Tag.Root>
            </HStack>
          )}
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <ShowDeletedSwitch
              checked={draft.deleted === 'true'}
              onChange={(checked) => edit({ deleted: checked ? 'true' : '' })}
              label={<FormattedMessage id="cases.manage.show_deleted" />}
              testId="filter-deleted"
            />
            {selected.length > 0 && !deletedView && (
              <SelectionBar count={selected.length} label="cases.manage.selected" testId="bulk-bar">
                {can('update_case') && (
                  <Button size="xs" colorPalette="brand" onClick={() => review.send({ type: 'OPEN', target: { kind: 'cases', references: selected } })} data-testid="bulk-review">
                    <LuClipboardCheck /> <FormattedMessage id="cases.manage.bulk_review" />
                  </Button>
                )}
                {can('delete_case') && (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => remove.show(selected)}
                    data-testid="bulk-delete"
                  >
                    <LuTrash2 /> <FormattedMessage id="cases.common.delete" />
                  </Button>
                )}
              </SelectionBar>
            )}
          </Flex>
          {list.failed && <ServerError message={list.error?.message ?? null} code={list.error?.code} />}
          <DataTable
            table={table}
            loading={list.loading}
            loaded={list.loaded}
            label={intl.formatMessage({ id: 'nav.item.manage_case' })}
            testId="cases-table"
            sort={{ by: list.filters.sort_by, order: list.filters.sort_order, sortable: CASE_SORT_KEYS }}
            onRowClick={(c) => navigate(`/case/${c.reference}`)}
            empty={<EmptyMessage testId="cases-empty" icon={<LuFolderSearch />} title={<FormattedMessage id="cases.manage.empty_title" />} description={<FormattedMessage id="cases.manage.empty_body" />} />}
          />
          <PagedFooter
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            sizes={PAGE_SIZES}
            onPage={list.goTo}
            onPageSize={(pageSize) => list.send({ type: 'PAGE_SIZE', pageSize })}
            sizeLabel="cases.manage.page_size"
            sizeTestId="page-size"
          />
          {deletedView && (
            <Badge colorPalette="red" variant="subtle" w="fit-content">
              <FormattedMessage id="cases.manage.deleted_note" />
            </Badge>
          )}
        </Card.Body>
      </Card.Root>

      <ReviewDialog actor={review} canAssign={can('update_case')} />
      <DeleteWithReasonDialog dialog={remove} testId="delete-dialog" title={<FormattedMessage id="cases.manage.delete_title" values={{ count: remove.target?.length ?? 0 }} />}>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="cases.manage.delete_body" />
        </Text>
      </DeleteWithReasonDialog>
    </Stack>
  );
}
