/**
 * Alerts Listing (/alerts-listing): the alerts the rules raised (one per rule and party while open; repeated
 * triggers raise its triggered count), with alert id, level, workflow status, matched rules, assignee, created,
 * last updated, channel, counterparty and triggered count; filtered by text, status, level, rule, assignee and
 * creation date (section 9's presets and a custom range), sorted and paged, all kept in the address. A row opens
 * the alert. The list's flow is machines/transactions/tm-list.machine.ts.
 */
import { Card, Input, Stack, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { LuBellRing } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { ALERT_LEVELS, ALERT_SORTS, ALERT_WORKFLOW_STATUSES, type AlertRow, type RuleRow } from '@machines/transactions/views';
import { isFiltered, toggleValue } from '@machines/transactions/list-query';
import { DateRangeFields } from '../../components/DateRangeFields';
import { EmptyMessage } from '../../components/EmptyMessage';
import { FormField } from '../../components/FormField';
import { DatePresetField } from '../../components/ListFilterFields';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/Select';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { useResource } from '../../lib/useResource';
import { FilterActions, FilterForm, ListingResults } from './PageParts';
import { FilterGrid, MultiChoiceField } from './filters';
import { Code, LevelBadge, Party, WhenStacked, WorkflowBadge, tmLabel } from './labels';
import { alertPath } from './paths';
import { useTmList } from './useTmList';

const column = columnsFor<AlertRow>();

export default function AlertsListingPage() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const list = useTmList<AlertRow>('alerts');
  const { draft, rangeError } = list;
  const rules = useResource<RuleRow[] | { data: RuleRow[] }>('/transaction-monitoring/rules');
  const users = useResource<{ data: { _id?: string; id?: string; name: string }[] }>('/transactions/alerts-assignees');
  const ruleOptions = useMemo(() => {
    const rows = Array.isArray(rules.data) ? rules.data : (rules.data?.data ?? []);
    return rows.map((r) => ({ value: r.id, label: r.name })).sort((a, b) => a.label.localeCompare(b.label, intl.locale));
  }, [rules.data, intl.locale]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('alert_id', {
          header: () => <FormattedMessage id="transactions.alerts.col_alert_id" />,
          cell: ({ row }) => (
            <Link href={alertPath(row.original.alert_id)} onClick={(e) => e.stopPropagation()}>
              <Text as="span" color="brand.fg" whiteSpace="nowrap" data-testid="alert-id">
                <Code>{row.original.alert_id}</Code>
              </Text>
            </Link>
          ),
        }),
        column.accessor('level', { header: () => <FormattedMessage id="transactions.alerts.col_level" />, cell: ({ row }) => <LevelBadge value={row.original.level} /> }),
        column.accessor('workflow_status', { header: () => <FormattedMessage id="transactions.alerts.col_status" />, cell: ({ row }) => <WorkflowBadge value={row.original.workflow_status} /> }),
        column.display({
          id: 'rules',
          header: () => <FormattedMessage id="transactions.alerts.col_rules" />,
          cell: ({ row }) => (
            <Text fontSize="sm" maxW="40" minW="28" lineClamp={2} data-testid="alert-rules">
              <Name>{row.original.matched_rules.map((r) => r.name).join(', ')}</Name>
            </Text>
          ),
        }),
        column.display({
          id: 'party',
          header: () => <FormattedMessage id="transactions.alerts.col_party" />,
          cell: ({ row }) => <Party name={row.original.party_name} account={row.original.party_key} />,
        }),
        column.display({
          id: 'assignee',
          header: () => <FormattedMessage id="transactions.alerts.col_assignee" />,
          cell: ({ row }) =>
            row.original.assignee ? (
              <Text fontSize="sm">
                <Name>{row.original.assignee.name}</Name>
              </Text>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="transactions.alerts.unassigned" />
              </Text>
            ),
        }),
        column.accessor('created_at', { header: () => <FormattedMessage id="transactions.alerts.col_created" />, cell: ({ row }) => <WhenStacked at={row.original.created_at} /> }),
        column.accessor('updated_at', { header: () => <FormattedMessage id="transactions.alerts.col_updated" />, cell: ({ row }) => <WhenStacked at={row.original.updated_at} /> }),
        column.accessor('counterparty', {
          header: () => <FormattedMessage id="transactions.alerts.col_counterparty_channel" />,
          // The counterparty over the channel: the table keeps its triggered count in view on a laptop.
          cell: ({ row }) => (
            <Stack gap="0.5">
              <Text maxW="32" truncate title={row.original.counterparty ?? undefined} fontSize="sm">
                <Code>{row.original.counterparty}</Code>
              </Text>
              <Text fontSize="xs" color="fg.muted" maxW="32" truncate>
                <Code>{row.original.channel}</Code>
              </Text>
            </Stack>
          ),
        }),
        column.accessor('triggered_count', {
          header: () => <FormattedMessage id="transactions.alerts.col_triggered" />,
          meta: { align: 'end' },
          cell: ({ row }) => (
            <Text as="span" fontWeight="semibold" data-testid="alert-triggered">
              {intl.formatNumber(row.original.triggered_count)}
            </Text>
          ),
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl.locale],
  );
  const table = useTable({ features: appTableFeatures, columns, data: list.rows, getRowId: (r) => r.alert_id });
  const filtered = isFiltered('alerts', list.filters);

  return (
    <Stack gap="0">
      <PageHeader title={<FormattedMessage id="nav.item.alerts_listing" />} description={<FormattedMessage id="transactions.alerts.description" />} />
      <Card.Root>
        <Card.Body gap="4">
          <FilterForm list={list}>
            <FilterGrid>
              <FormField label={<FormattedMessage id="transactions.alerts.search" />} labelSize="sm">
                <Input name="search" size="sm" value={draft.search} placeholder={intl.formatMessage({ id: 'transactions.alerts.search_placeholder' })} onChange={(e) => list.type({ search: e.target.value })} data-testid="alert-filter-search" />
              </FormField>
              <MultiChoiceField
                label={intl.formatMessage({ id: 'transactions.alerts.col_status' })}
                values={ALERT_WORKFLOW_STATUSES}
                value={draft.status}
                labelOf={(v) => tmLabel(intl, 'workflow', v)}
                anyLabel={intl.formatMessage({ id: 'transactions.listing.all_statuses' })}
                onToggle={(v) => list.edit({ status: toggleValue(ALERT_WORKFLOW_STATUSES, draft.status, v) })}
                onClear={() => list.edit({ status: '' })}
                clearLabel={intl.formatMessage({ id: 'transactions.listing.clear_choice' })}
                testId="alert-filter-status"
              />
              <MultiChoiceField
                label={intl.formatMessage({ id: 'transactions.alerts.col_level' })}
                values={ALERT_LEVELS}
                value={draft.level}
                labelOf={(v) => tmLabel(intl, 'level', v)}
                anyLabel={intl.formatMessage({ id: 'transactions.alerts.all_levels' })}
                onToggle={(v) => list.edit({ level: toggleValue(ALERT_LEVELS, draft.level, v) })}
                onClear={() => list.edit({ level: '' })}
                clearLabel={intl.formatMessage({ id: 'transactions.listing.clear_choice' })}
                testId="alert-filter-level"
              />
              <SelectField
                label={<FormattedMessage id="transactions.alerts.rule" />}
                labelSize="sm"
                size="sm"
                name="rule_id"
                data-testid="alert-filter-rule"
                value={draft.rule_id}
                onChange={(e) => list.edit({ rule_id: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'transactions.alerts.any_rule' }) }, ...ruleOptions]}
              />
              <SelectField
                label={<FormattedMessage id="transactions.alerts.col_assignee" />}
                labelSize="sm"
                size="sm"
                name="assignee"
                data-testid="alert-filter-assignee"
                value={draft.assignee}
                onChange={(e) => list.edit({ assignee: e.target.value })}
                options={[
                  { value: '', label: intl.formatMessage({ id: 'transactions.alerts.anyone' }) },
                  { value: 'me', label: intl.formatMessage({ id: 'transactions.alerts.me' }) },
                  { value: 'none', label: intl.formatMessage({ id: 'transactions.alerts.unassigned' }) },
                  ...(users.data?.data ?? []).map((u) => ({ value: String(u._id ?? u.id), label: u.name })),
                ]}
              />
              <DatePresetField label={<FormattedMessage id="transactions.alerts.col_created" />} testId="alert-filter-date" value={draft.date_preset} onApply={(preset) => list.edit({ date_preset: preset })} onCustom={() => list.type({ date_preset: 'custom' })} />
              <SelectField
                label={<FormattedMessage id="transactions.listing.sort" />}
                labelSize="sm"
                size="sm"
                name="sort"
                data-testid="alert-filter-sort"
                value={draft.sort || ALERT_SORTS[0]}
                onChange={(e) => list.edit({ sort: e.target.value === ALERT_SORTS[0] ? '' : e.target.value })}
                options={ALERT_SORTS.map((s) => ({ value: s, label: intl.formatMessage({ id: `transactions.alerts.sort_${s}` }) }))}
              />
              <FilterActions prefix="alert" clearHref="/alerts-listing" filtered={filtered} />
            </FilterGrid>
            {draft.date_preset === 'custom' && <DateRangeFields mt="3" values={draft} error={rangeError} onChange={list.type} labels="transactions.listing" testId="alert-custom-range" />}
          </FilterForm>
          <ListingResults
            list={list}
            table={table}
            label={intl.formatMessage({ id: 'nav.item.alerts_listing' })}
            testId="alerts-table"
            onRowClick={(r) => navigate(alertPath(r.alert_id))}
            empty={
              <EmptyMessage
                testId="alerts-empty"
                icon={<LuBellRing />}
                title={<FormattedMessage id={filtered ? 'transactions.alerts.empty_filtered_title' : 'transactions.alerts.empty_title'} />}
                description={<FormattedMessage id={filtered ? 'transactions.alerts.empty_filtered_body' : 'transactions.alerts.empty_body'} />}
              />
            }
          />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
