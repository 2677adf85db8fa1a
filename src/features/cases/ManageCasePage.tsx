/**
 * Manage Case (/manage-case): the organisation's cases in a server-paginated,
 * sortable table (TanStack Table v9 with the app's shared features), the
 * filters of the spec (status, also from ?caseStatus; date presets and a custom
 * range; relevance; deleted cases), exports of the filtered set to CSV and
 * Excel, deletion with a reason and bulk decision review of selected cases.
 */
import { Badge, Box, Button, Card, Checkbox, Field, Flex, Grid, HStack, Input, Menu, Portal, Stack, Switch, Text } from '@chakra-ui/react';
import { useTable, type RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuClipboardCheck, LuDownload, LuFolderSearch, LuPlus, LuTrash2 } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import type { CaseSortKey, CaseView } from '@common/cases';
import { CASE_FILTER_STATUSES, DATE_PRESETS, RELEVANCE } from '@common/enums';
import type { MessageId } from '@common/messages';
import { validateDateRange } from '@common/validation';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { EmptyMessage } from '../../components/EmptyMessage';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { Pager } from '../../components/table/Pager';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { useDialog } from '../../components/useDialog';
import { useList } from '../../components/useList';
import { useSession } from '../../app/useSession';
import { api, downloadFile } from '../../lib/api';
import { messageById, messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { caseApi, useCaseChanges } from './api';
import { DeleteWithReasonDialog } from './DeleteWithReasonDialog';
import { CaseStatusBadge, DateStacked, MatchBadge, RiskBadge, valueLabel, valueOptions } from './labels';
import { ReviewDialog } from './ReviewDialog';
import { useReview } from './useReview';

type Filters = Record<string, string>;
const column = columnsFor<CaseView>();

/** The query of the list and the export: applied filters plus the browser's time zone for the presets. */
const toQuery = (filters: Filters) => {
  const q: Record<string, string | number> = { tz_offset: new Date().getTimezoneOffset() };
  for (const [k, v] of Object.entries(filters)) if (v) q[k] = v;
  if (filters.date_preset !== 'custom') {
    delete q.date_from;
    delete q.date_to;
  }
  return q;
};

function SortHeader({ id, label, filters, onSort }: { id: CaseSortKey; label: ReactNode; filters: Filters; onSort: (id: CaseSortKey) => void }) {
  const active = filters.sort_by === id;
  const Icon = !active ? LuArrowUpDown : filters.sort_order === 'asc' ? LuArrowUp : LuArrowDown;
  return (
    <Button variant="plain" size="xs" px="0" color="inherit" fontWeight="inherit" textTransform="inherit" onClick={() => onSort(id)} data-testid={`sort-${id}`} aria-sort={active ? (filters.sort_order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      {label} <Icon opacity={active ? 1 : 0.4} />
    </Button>
  );
}

export default function ManageCasePage() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const search = useSearch();
  const permissions = useSession(selectPermissionNames);
  const can = (p: string) => permissions.includes(p);
  const initialStatus = new URLSearchParams(search).get('caseStatus') ?? '';
  const list = useList<CaseView>(
    ({ filters, page, pageSize }) => api.get('/searches', { ...toQuery(filters), page, page_size: pageSize }),
    { pageSize: 20, filters: { sort_by: 'created_at', sort_order: 'desc', case_status: initialStatus, date_preset: 'all_time', relevance: '', deleted: '', search: '', date_from: '', date_to: '' } },
  );
  const [draft, setDraft] = useState<Filters>(list.filters);
  const [rangeError, setRangeError] = useState<{ field: string; rule: MessageId } | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [exporting, setExporting] = useState<string | null>(null);
  useCaseChanges(null, list.reload);

  // The sidebar's "Manage Case" and the dashboard's links change ?caseStatus without remounting.
  useEffect(() => {
    if ((list.filters.case_status ?? '') !== initialStatus) apply({ ...list.filters, case_status: initialStatus });
  }, [initialStatus]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => setSelection({}), [list.page, list.filters]);

  function apply(next: Filters) {
    if (next.date_preset === 'custom') {
      const problem = validateDateRange(next.date_from ?? '', next.date_to ?? '');
      setRangeError(problem);
      if (problem) return;
    } else setRangeError(null);
    setDraft(next);
    list.search(next);
  }
  const change = (patch: Filters) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (!('search' in patch) && !('date_from' in patch) && !('date_to' in patch) && !(patch.date_preset === 'custom')) apply(next);
  };
  const sort = (id: CaseSortKey) =>
    apply({ ...list.filters, sort_by: id, sort_order: list.filters.sort_by === id && list.filters.sort_order === 'desc' ? 'asc' : 'desc' });

  const review = useReview(() => {
    review.send({ type: 'CLOSE' });
    setSelection({});
    list.reload();
  });

  const remove = useDialog<string[]>(
    (references, values) => caseApi.deleteCases({ references, reason: values.reason }),
    () => {
      notify.success(messageById('cases_deleted'));
      setSelection({});
      list.reload();
    },
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.display({
          id: 'select',
          header: ({ table }) => (
            <Checkbox.Root
              size="sm"
              colorPalette="brand"
              aria-label={intl.formatMessage({ id: 'cases.manage.select_all' })}
              checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
              onCheckedChange={(d) => table.toggleAllRowsSelected(d.checked === true)}
              onClick={(e) => e.stopPropagation()}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
            </Checkbox.Root>
          ),
          cell: ({ row }) => (
            <Checkbox.Root
              size="sm"
              colorPalette="brand"
              aria-label={intl.formatMessage({ id: 'cases.manage.select_row' }, { reference: row.original.reference })}
              checked={row.getIsSelected()}
              onCheckedChange={(d) => row.toggleSelected(d.checked === true)}
              onClick={(e) => e.stopPropagation()}
              data-testid="row-select"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
            </Checkbox.Root>
          ),
        }),
        column.accessor('reference', {
          header: () => <SortHeader id="reference" label={<FormattedMessage id="cases.fields.reference" />} filters={list.filters} onSort={sort} />,
          cell: ({ row }) => (
            <Text fontFamily="mono" fontSize="sm" color="brand.fg" whiteSpace="nowrap" data-testid="case-reference">
              {row.original.reference}
            </Text>
          ),
        }),
        column.accessor('search_term', {
          header: () => <SortHeader id="search_term" label={<FormattedMessage id="cases.fields.search_term" />} filters={list.filters} onSort={sort} />,
          cell: ({ row }) => (
            <Stack gap="0" minW="40">
              <Text fontWeight="medium">{row.original.search_term}</Text>
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
              {row.original.assignees.map((a) => a.name).join(', ') || '—'}
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
    onRowSelectionChange: setSelection,
  });
  const selected = Object.keys(selection).filter((k) => selection[k]);
  const deletedView = list.filters.deleted === 'true';

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadFile('/download-cases', { ...toQuery(list.filters), format }, `cases.${format}`);
    } catch (failure: any) {
      notify.error(messageText(failure.code, failure.message ?? String(failure)));
    } finally {
      setExporting(null);
    }
  };

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.manage_case" />}
        description={<FormattedMessage id="cases.manage.description" />}
        actions={
          <>
            {can('export_cases') && (
              <Menu.Root positioning={{ placement: 'bottom-end' }}>
                <Menu.Trigger asChild>
                  <Button variant="outline" loading={Boolean(exporting)} data-testid="export-menu">
                    <LuDownload /> <FormattedMessage id="cases.manage.export" />
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      <Menu.Item value="csv" onClick={() => exportAs('csv')} data-testid="export-csv">
                        <FormattedMessage id="cases.manage.export_csv" />
                      </Menu.Item>
                      <Menu.Item value="xlsx" onClick={() => exportAs('xlsx')} data-testid="export-xlsx">
                        <FormattedMessage id="cases.manage.export_xlsx" />
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
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
                <Input name="search" size="sm" value={draft.search ?? ''} placeholder={intl.formatMessage({ id: 'cases.manage.search_placeholder' })} onChange={(e) => change({ search: e.target.value })} />
              </FormField>
              <SelectField
                label={<FormattedMessage id="cases.fields.case_status" />}
                labelSize="sm"
                size="sm"
                name="case_status"
                data-testid="filter-status"
                value={draft.case_status ?? ''}
                onChange={(e) => change({ case_status: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'cases.manage.all_statuses' }) }, ...valueOptions(intl, 'case_status', CASE_FILTER_STATUSES)]}
              />
              <SelectField
                label={<FormattedMessage id="cases.manage.date" />}
                labelSize="sm"
                size="sm"
                name="date_preset"
                data-testid="filter-date"
                value={draft.date_preset ?? 'all_time'}
                onChange={(e) => change({ date_preset: e.target.value })}
                options={valueOptions(intl, 'preset', DATE_PRESETS)}
              />
              <SelectField
                label={<FormattedMessage id="cases.fields.relevance" />}
                labelSize="sm"
                size="sm"
                name="relevance"
                data-testid="filter-relevance"
                value={draft.relevance ?? ''}
                onChange={(e) => change({ relevance: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'cases.manage.any_relevance' }) }, ...valueOptions(intl, 'relevance', RELEVANCE)]}
              />
              <HStack>
                <Button type="submit" size="sm" colorPalette="brand" data-testid="apply-filters">
                  <FormattedMessage id="cases.manage.apply" />
                </Button>
              </HStack>
            </Grid>
            {draft.date_preset === 'custom' && (
              <HStack gap="3" mt="3" align="start" data-testid="custom-range">
                {(['date_from', 'date_to'] as const).map((key) => (
                  <Field.Root key={key} invalid={rangeError?.field === key} maxW="48">
                    <Field.Label fontSize="sm">
                      <FormattedMessage id={`cases.manage.${key}`} />
                    </Field.Label>
                    <Input name={key} size="sm" placeholder="YYYY-MM-DD" value={draft[key] ?? ''} onChange={(e) => change({ [key]: e.target.value })} />
                    {rangeError?.field === key && <Field.ErrorText data-testid="field-error">{messageById(rangeError.rule)}</Field.ErrorText>}
                  </Field.Root>
                ))}
              </HStack>
            )}
          </form>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Switch.Root size="sm" colorPalette="red" checked={draft.deleted === 'true'} onCheckedChange={(d) => change({ deleted: d.checked ? 'true' : '' })} data-testid="filter-deleted">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>
                <FormattedMessage id="cases.manage.show_deleted" />
              </Switch.Label>
            </Switch.Root>
            {selected.length > 0 && !deletedView && (
              <HStack gap="2" bg="brand.subtle" px="3" py="1.5" rounded="md" data-testid="bulk-bar">
                <Text fontSize="sm" fontWeight="medium">
                  <FormattedMessage id="cases.manage.selected" values={{ count: selected.length }} />
                </Text>
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
              </HStack>
            )}
          </Flex>
          {list.failed && <ServerError message={list.error?.message ?? null} code={list.error?.code} />}
          <DataTable
            table={table}
            loading={list.loading}
            loaded={list.loaded}
            label={intl.formatMessage({ id: 'nav.item.manage_case' })}
            testId="cases-table"
            onRowClick={(c) => navigate(`/case/${c.reference}`)}
            empty={<EmptyMessage testId="cases-empty" icon={<LuFolderSearch />} title={<FormattedMessage id="cases.manage.empty_title" />} description={<FormattedMessage id="cases.manage.empty_body" />} />}
          />
          <Box>
            <Pager page={list.page} pageSize={list.pageSize} total={list.total} onPage={list.goTo} />
          </Box>
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
