/**
 * /credits-usage (plan billing, update_payment_method): a card per credit kind with its balance, allotment and
 * what was used; the period's charts (spent per day, balance over time); and the credit ledger, filtered by
 * kind, entry and reason, paged, exported to CSV or Excel. The period (a date preset or a custom range) and
 * the filters live in the address; the flow is the credits usage statechart
 * (machines/billing/credits-usage.machine.ts).
 */
import { Badge, Button, Card, Flex, Grid, HStack, Heading, Progress, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useMemo, type FormEvent } from 'react';
import { LuCoins, LuRefreshCw } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { CREDIT_KINDS, LEDGER_ENTRIES, LEDGER_REASONS, type CreditBalance, type CreditKind, type LedgerRow } from '@common/billing';
import { chartPeriod, LEDGER_PAGE_SIZES, type CreditsUsageFilters } from '@machines/billing/credits-query';
import { DateRangeFields } from '../../components/DateRangeFields';
import { EmptyMessage } from '../../components/EmptyMessage';
import { DatePresetField } from '../../components/ListFilterFields';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { DataTable } from '../../components/table/DataTable';
import { ExportMenu } from '../../components/table/ExportMenu';
import { PagedFooter } from '../../components/table/PagedFooter';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { entryLabel, KIND_COLOURS, kindLabel, reasonLabel } from './labels';
import { UsageCharts } from './UsageCharts';
import { USAGE_TZ, useCreditsUsage } from './useCreditsUsage';

const column = columnsFor<LedgerRow>();

/** Where a ledger row's subject can be opened (cases and media cases have pages of their own). */
function subjectPath(subject: NonNullable<LedgerRow['subject']>): string | null {
  if (!subject.label) return null;
  if (subject.type === 'case') return `/case/${encodeURIComponent(subject.label)}`;
  if (subject.type === 'media_case') return `/adverse-media-detail/${encodeURIComponent(subject.label)}`;
  return null;
}

function KindCard({ kind, balance }: { kind: CreditKind; balance: CreditBalance | null }) {
  const intl = useIntl();
  const limited = balance !== null && balance.alloted !== null;
  const used = balance?.used ?? 0;
  const alloted = balance?.alloted ?? 0;
  const share = limited && alloted > 0 ? Math.min(100, Math.round((used / alloted) * 100)) : 0;
  const low = limited && balance!.balance !== null && alloted > 0 && balance!.balance! / alloted <= 0.1;
  const titleId = `credits-${kind}-title`;
  return (
    <Card.Root as="section" aria-labelledby={titleId} data-testid={`credits-${kind}`} borderTopWidth="4px" borderTopColor={KIND_COLOURS[kind]}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start">
          <Heading as="h2" size="sm" id={titleId}>
            {kindLabel(intl, kind)}
          </Heading>
          {low && (
            <Badge colorPalette="red" variant="subtle" data-testid="credits-low">
              <FormattedMessage id="billing.usage.low" />
            </Badge>
          )}
        </HStack>
        {balance === null ? (
          <Skeleton height="16" />
        ) : (
          <>
            <Stack gap="0">
              <Text fontSize="3xl" fontWeight="bold" lineHeight="short" data-testid="credits-balance">
                {limited ? intl.formatNumber(balance.balance ?? 0) : <FormattedMessage id="billing.usage.unlimited" />}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="billing.usage.balance" />
              </Text>
            </Stack>
            {limited && (
              <Progress.Root value={share} size="sm" colorPalette={low ? 'red' : 'brand'} aria-label={intl.formatMessage({ id: 'billing.usage.used_share' }, { kind: kindLabel(intl, kind) })}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
            <HStack justify="space-between" fontSize="sm" gap="4" wrap="wrap">
              <Text>
                <FormattedMessage id="billing.usage.used" values={{ count: <span data-testid="credits-used">{intl.formatNumber(used)}</span> }} />
              </Text>
              <Text color="fg.muted">
                {limited ? (
                  <FormattedMessage id="billing.usage.alloted" values={{ count: <span data-testid="credits-alloted">{intl.formatNumber(alloted)}</span> }} />
                ) : (
                  <FormattedMessage id="billing.usage.not_limited" />
                )}
              </Text>
            </HStack>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export default function CreditsUsagePage() {
  const intl = useIntl();
  const usage = useCreditsUsage();
  const { context, send } = usage;
  const { view, draft, rangeError, rows, total, loaded, error, summary, summaryError } = context;
  const filters = view.filters;
  const period = useMemo(() => chartPeriod(view, USAGE_TZ), [view]);
  const edit = (change: Partial<CreditsUsageFilters>) => send({ type: 'EDIT', filters: change });
  const filtered = Boolean(filters.kind || filters.entry || filters.reason);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('created_at', {
          header: () => <FormattedMessage id="billing.ledger.when" />,
          cell: ({ row }) => (
            <Text whiteSpace="nowrap" fontSize="sm">
              <FormattedDate value={row.original.created_at} dateStyle="medium" timeStyle="short" />
            </Text>
          ),
        }),
        column.accessor('kind', {
          header: () => <FormattedMessage id="billing.ledger.kind" />,
          cell: ({ row }) => (
            <Text fontSize="sm" whiteSpace="nowrap" data-testid="ledger-kind" data-kind={row.original.kind}>
              {kindLabel(intl, row.original.kind)}
            </Text>
          ),
        }),
        column.accessor('entry', {
          header: () => <FormattedMessage id="billing.ledger.entry" />,
          cell: ({ row }) => (
            <Badge size="sm" variant="subtle" colorPalette={row.original.entry === 'spend' ? 'gray' : 'green'} data-testid="ledger-entry">
              {entryLabel(intl, row.original.entry)}
            </Badge>
          ),
        }),
        column.accessor('reason', {
          header: () => <FormattedMessage id="billing.ledger.reason" />,
          cell: ({ row }) => (
            <Text fontSize="sm" data-testid="ledger-reason">
              {reasonLabel(intl, row.original.reason)}
            </Text>
          ),
        }),
        column.accessor('amount', {
          header: () => <FormattedMessage id="billing.ledger.amount" />,
          meta: { align: 'end' },
          cell: ({ row }) => (
            <Text fontFamily="mono" fontSize="sm" dir="ltr" color={row.original.amount < 0 ? 'fg.error' : 'green.700'} data-testid="ledger-amount">
              {intl.formatNumber(row.original.amount, { signDisplay: 'exceptZero' })}
            </Text>
          ),
        }),
        column.accessor('balance_after', {
          header: () => <FormattedMessage id="billing.ledger.balance_after" />,
          meta: { align: 'end' },
          cell: ({ row }) => (
            <Text fontFamily="mono" fontSize="sm">
              {row.original.balance_after === null ? '—' : intl.formatNumber(row.original.balance_after)}
            </Text>
          ),
        }),
        column.display({
          id: 'subject',
          header: () => <FormattedMessage id="billing.ledger.subject" />,
          cell: ({ row }) => {
            const { subject } = row.original;
            if (!subject) return null;
            const path = subjectPath(subject);
            const text = (
              <Text as="span" fontSize="sm" data-testid="ledger-subject">
                <FormattedMessage id={`billing.subject.${subject.type}`} /> <Name fontFamily="mono">{subject.label ?? subject.id}</Name>
              </Text>
            );
            return path ? (
              <Link href={path} style={{ color: 'var(--chakra-colors-brand-fg)', textDecoration: 'underline' }}>
                {text}
              </Link>
            ) : (
              text
            );
          },
        }),
        column.accessor('actor', {
          header: () => <FormattedMessage id="billing.ledger.by" />,
          cell: ({ row }) => (
            <Text fontSize="sm" color={row.original.actor ? undefined : 'fg.muted'}>
              {row.original.actor ? <Name>{row.original.actor.name}</Name> : <FormattedMessage id="billing.ledger.system" />}
            </Text>
          ),
        }),
      ]),
    [intl],
  );

  const table = useTable({ features: appTableFeatures, columns, data: rows, getRowId: (r) => r.id });

  const submitPeriod = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'APPLY' });
  };

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.credits_usage" />}
        description={<FormattedMessage id="billing.usage.description" />}
        actions={
          <>
            <Button variant="outline" onClick={() => send({ type: 'RELOAD' })} loading={usage.loading || usage.summaryLoading} data-testid="usage-reload">
              <LuRefreshCw /> <FormattedMessage id="billing.usage.reload" />
            </Button>
            <Button variant="outline" asChild>
              <Link href="/manage-payments">
                <FormattedMessage id="billing.usage.buy_credits" />
              </Link>
            </Button>
          </>
        }
      />
      <Stack gap="5">
        <form onSubmit={submitPeriod} noValidate aria-label={intl.formatMessage({ id: 'billing.usage.period' })}>
          <Flex gap="3" align="end" wrap="wrap">
            <Stack minW="56">
              <DatePresetField
                label={<FormattedMessage id="billing.usage.period" />}
                testId="usage-period"
                value={draft.date_preset}
                onApply={(preset) => edit({ date_preset: preset as CreditsUsageFilters['date_preset'] })}
                onCustom={() => edit({ date_preset: 'custom' })}
              />
            </Stack>
            {draft.date_preset === 'custom' && (
              <>
                <DateRangeFields values={draft} error={rangeError} onChange={(change) => send({ type: 'DRAFT', filters: change })} labels="billing.usage" testId="usage-custom-range" />
                <Button type="submit" size="sm" colorPalette="brand" data-testid="usage-apply-period">
                  <FormattedMessage id="admin.actions.apply" />
                </Button>
              </>
            )}
          </Flex>
        </form>
        {summaryError && usage.summaryFailed && <ServerError message={summaryError.message} code={summaryError.code} />}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" data-testid="credit-cards">
          {CREDIT_KINDS.map((kind) => (
            <KindCard key={kind} kind={kind} balance={summary ? (summary.balances.find((b) => b.kind === kind) ?? { kind, alloted: null, used: 0, balance: null }) : null} />
          ))}
        </SimpleGrid>
        <UsageCharts summary={summary} kinds={CREDIT_KINDS} period={period} loading={usage.summaryLoading} />
        <TitledCard title={<FormattedMessage id="billing.ledger.title" />} data-testid="ledger">
          <Stack gap="4">
            <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr)) auto' }} gap="3" alignItems="end">
              <SelectField
                label={<FormattedMessage id="billing.ledger.kind" />}
                labelSize="sm"
                size="sm"
                name="kind"
                data-testid="ledger-filter-kind"
                value={draft.kind}
                onChange={(e) => edit({ kind: e.target.value as CreditsUsageFilters['kind'] })}
                options={[{ value: '', label: intl.formatMessage({ id: 'billing.ledger.all_kinds' }) }, ...CREDIT_KINDS.map((k) => ({ value: k, label: kindLabel(intl, k) }))]}
              />
              <SelectField
                label={<FormattedMessage id="billing.ledger.entry" />}
                labelSize="sm"
                size="sm"
                name="entry"
                data-testid="ledger-filter-entry"
                value={draft.entry}
                onChange={(e) => edit({ entry: e.target.value as CreditsUsageFilters['entry'] })}
                options={[{ value: '', label: intl.formatMessage({ id: 'billing.ledger.all_entries' }) }, ...LEDGER_ENTRIES.map((k) => ({ value: k, label: entryLabel(intl, k) }))]}
              />
              <SelectField
                label={<FormattedMessage id="billing.ledger.reason" />}
                labelSize="sm"
                size="sm"
                name="reason"
                data-testid="ledger-filter-reason"
                value={draft.reason}
                onChange={(e) => edit({ reason: e.target.value as CreditsUsageFilters['reason'] })}
                options={[{ value: '', label: intl.formatMessage({ id: 'billing.ledger.all_reasons' }) }, ...LEDGER_REASONS.map((k) => ({ value: k, label: reasonLabel(intl, k) }))]}
              />
              <ExportMenu onExport={(format) => send({ type: 'EXPORT', format })} exporting={usage.exporting} labels="billing.ledger" testId="ledger-export" />
            </Grid>
            {usage.failed && <ServerError message={error?.message ?? null} code={error?.code} />}
            <DataTable
              table={table}
              loading={usage.loading}
              loaded={loaded}
              label={intl.formatMessage({ id: 'billing.ledger.title' })}
              testId="ledger-table"
              empty={
                <EmptyMessage
                  testId="ledger-empty"
                  icon={<LuCoins />}
                  title={<FormattedMessage id={filtered ? 'billing.ledger.empty_filtered_title' : 'billing.ledger.empty_title'} />}
                  description={<FormattedMessage id={filtered ? 'billing.ledger.empty_filtered_body' : 'billing.ledger.empty_body'} />}
                />
              }
            />
            <PagedFooter
              page={view.page}
              pageSize={view.pageSize}
              total={total}
              sizes={LEDGER_PAGE_SIZES}
              onPage={(page) => send({ type: 'PAGE', page })}
              onPageSize={(pageSize) => send({ type: 'PAGE_SIZE', pageSize })}
              sizeLabel="billing.ledger.page_size"
            />
          </Stack>
        </TitledCard>
      </Stack>
    </Stack>
  );
}
