/**
 * Transaction Listing (/transaction-listing, organisation flag transaction_monitoring): the organisation's
 * transactions in a server-paged table (reference, time, customer, amount, direction, payment method, remitter
 * → beneficiary, countries, score, status, rules fired), filtered by text, status, direction, amount range,
 * customer, account and date (section 9's presets and a custom range), sorted, all kept in the address; the
 * filtered transactions export to CSV or Excel; "Upload transactions" sends a CSV file (its own statechart).
 * The list's flow is machines/transactions/tm-list.machine.ts.
 */
import { Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { LuArrowRight, LuArrowLeftRight, LuUpload } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { TX_DIRECTIONS, TX_SORTS, TX_STATUSES, type TransactionRow } from '@machines/transactions/views';
import { isFiltered, toggleValue } from '@machines/transactions/list-query';
import { DateRangeFields } from '../../components/DateRangeFields';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { EmptyMessage } from '../../components/EmptyMessage';
import { FormField } from '../../components/FormField';
import { DatePresetField } from '../../components/ListFilterFields';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/Select';
import { ExportMenu } from '../../components/table/ExportMenu';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { FilterActions, FilterForm, ListingResults } from './PageParts';
import { FilterGrid, MultiChoiceField } from './filters';
import { Code, Country, DirectionLabel, Money, Party, Score, TxStatusBadge, WhenStacked, tmLabel } from './labels';
import { transactionPath } from './paths';
import { UploadTransactionsDialog } from './UploadTransactionsDialog';
import { useTmList } from './useTmList';

/** What the listing reads of a row beyond the shared shape (present once the API sends them). */
type ListedTransaction = TransactionRow;

const column = columnsFor<ListedTransaction>();


export default function TransactionListingPage() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const list = useTmList<ListedTransaction>('transactions');
  const { draft, rangeError, amountError } = list;
  const [uploading, setUploading] = useState(false);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('reference_id', {
          header: () => <FormattedMessage id="transactions.fields.reference_id" />,
          cell: ({ row }) => (
            <Link href={transactionPath(row.original.reference_id)} onClick={(e) => e.stopPropagation()}>
              <Text as="span" fontFamily="mono" fontSize="xs" color="brand.fg" whiteSpace="nowrap" data-testid="tx-reference">
                <Name>{row.original.reference_id}</Name>
              </Text>
            </Link>
          ),
        }),
        column.accessor('created_at', {
          header: () => <FormattedMessage id="transactions.fields.created_at" />,
          cell: ({ row }) => <WhenStacked at={row.original.created_at} />,
        }),
        column.accessor('customer_id', {
          header: () => <FormattedMessage id="transactions.fields.customer" />,
          cell: ({ row }) => <Party name={row.original.customer_name} account={row.original.customer_id} />,
        }),
        column.accessor('amount', {
          header: () => <FormattedMessage id="transactions.listing.amount_method" />,
          meta: { align: 'end' },
          // The amount over its direction and payment method: the table keeps its status in view on a laptop.
          cell: ({ row }) => (
            <Stack gap="0.5" align="flex-end">
              <Money amount={row.original.amount} currency={row.original.currency} strong />
              <HStack gap="1.5" fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                <DirectionLabel value={row.original.direction} compact />
                {row.original.payment_method && (
                  <Text as="span" maxW="24" truncate title={row.original.payment_method}>
                    <Code>{row.original.payment_method}</Code>
                  </Text>
                )}
              </HStack>
            </Stack>
          ),
        }),
        column.display({
          id: 'parties',
          header: () => <FormattedMessage id="transactions.listing.parties_countries" />,
          // Each party with its country beside it: the countries need no column of their own.
          cell: ({ row }) => (
            <Stack gap="0.5" fontSize="sm" maxW="56">
              <HStack gap="1.5" minW="0">
                <Text truncate title={row.original.remitter_account ?? undefined} data-testid="tx-remitter">
                  {row.original.remitter_name ? <Name>{row.original.remitter_name}</Name> : <Code>{row.original.remitter_account}</Code>}
                </Text>
                {row.original.remitter_country && (
                  <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
                    <Country code={row.original.remitter_country} />
                  </Text>
                )}
              </HStack>
              <HStack gap="1" minW="0">
                <DirectionalIcon>
                  <LuArrowRight aria-label={intl.formatMessage({ id: 'transactions.listing.paid_to' })} />
                </DirectionalIcon>
                <Text truncate title={row.original.beneficiary_account ?? undefined} data-testid="tx-beneficiary">
                  {row.original.beneficiary_name ? <Name>{row.original.beneficiary_name}</Name> : <Code>{row.original.beneficiary_account}</Code>}
                </Text>
                {row.original.beneficiary_country && (
                  <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
                    <Country code={row.original.beneficiary_country} />
                  </Text>
                )}
              </HStack>
            </Stack>
          ),
        }),
        column.accessor('score', {
          header: () => <FormattedMessage id="transactions.listing.score_rules" />,
          meta: { align: 'end' },
          // The score over the rules that made it: the table keeps its status in view on a laptop.
          cell: ({ row }) => {
            const names = row.original.rule_names;
            return (
              <Stack gap="0.5" align="flex-end">
                <Score value={row.original.score} />
                <Text fontSize="xs" color="fg.muted" maxW="36" truncate title={names.join(', ') || undefined} data-testid="tx-rules-fired">
                  {names.length ? <Name>{names.join(', ')}</Name> : intl.formatMessage({ id: 'transactions.listing.rules_count' }, { count: row.original.rules_count })}
                </Text>
              </Stack>
            );
          },
        }),
        column.accessor('status', {
          header: () => <FormattedMessage id="transactions.fields.status" />,
          cell: ({ row }) => <TxStatusBadge value={row.original.status} />,
        }),
      ]),
    // The columns follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl.locale],
  );

  const table = useTable({ features: appTableFeatures, columns, data: list.rows, getRowId: (r) => r.reference_id });
  const filtered = isFiltered('transactions', list.filters);
  const amountProblem = (field: 'min_amount' | 'max_amount') => (amountError?.field === field ? intl.formatMessage({ id: `transactions.listing.${amountError.key}` }) : null);

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.transaction_listing" />}
        description={<FormattedMessage id="transactions.listing.description" />}
        actions={
          <>
            <ExportMenu onExport={(format) => list.send({ type: 'EXPORT', format })} exporting={list.exporting} labels="transactions.listing" testId="tx-export" />
            <Button colorPalette="brand" onClick={() => setUploading(true)} data-testid="tx-upload-open">
              <LuUpload /> <FormattedMessage id="transactions.upload.open" />
            </Button>
          </>
        }
      />
      <Card.Root>
        <Card.Body gap="4">
          <FilterForm list={list}>
            <FilterGrid>
              <FormField label={<FormattedMessage id="transactions.listing.search" />} labelSize="sm">
                <Input name="search" size="sm" value={draft.search} placeholder={intl.formatMessage({ id: 'transactions.listing.search_placeholder' })} onChange={(e) => list.type({ search: e.target.value })} data-testid="tx-filter-search" />
              </FormField>
              <MultiChoiceField
                label={intl.formatMessage({ id: 'transactions.fields.status' })}
                values={TX_STATUSES}
                value={draft.status}
                labelOf={(v) => tmLabel(intl, 'status', v)}
                anyLabel={intl.formatMessage({ id: 'transactions.listing.all_statuses' })}
                onToggle={(v) => list.edit({ status: toggleValue(TX_STATUSES, draft.status, v) })}
                onClear={() => list.edit({ status: '' })}
                clearLabel={intl.formatMessage({ id: 'transactions.listing.clear_choice' })}
                testId="tx-filter-status"
              />
              <SelectField
                label={<FormattedMessage id="transactions.fields.direction" />}
                labelSize="sm"
                size="sm"
                name="direction"
                data-testid="tx-filter-direction"
                value={draft.direction}
                onChange={(e) => list.edit({ direction: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'transactions.listing.any_direction' }) }, ...TX_DIRECTIONS.map((d) => ({ value: d, label: tmLabel(intl, 'direction', d) }))]}
              />
              <DatePresetField
                label={<FormattedMessage id="transactions.fields.created_at" />}
                testId="tx-filter-date"
                value={draft.date_preset}
                onApply={(preset) => list.edit({ date_preset: preset })}
                onCustom={() => list.type({ date_preset: 'custom' })}
              />
              <AmountField label={<FormattedMessage id="transactions.listing.min_amount" />} name="min_amount" value={draft.min_amount} error={amountProblem('min_amount')} onChange={(v) => list.type({ min_amount: v })} testId="tx-filter-min" />
              <AmountField label={<FormattedMessage id="transactions.listing.max_amount" />} name="max_amount" value={draft.max_amount} error={amountProblem('max_amount')} onChange={(v) => list.type({ max_amount: v })} testId="tx-filter-max" />
              <FormField label={<FormattedMessage id="transactions.fields.customer_id" />} labelSize="sm">
                <Input name="customer_id" size="sm" value={draft.customer_id} onChange={(e) => list.type({ customer_id: e.target.value })} data-testid="tx-filter-customer" />
              </FormField>
              <FormField label={<FormattedMessage id="transactions.listing.account" />} labelSize="sm">
                <Input name="account" size="sm" value={draft.account} onChange={(e) => list.type({ account: e.target.value })} data-testid="tx-filter-account" />
              </FormField>
              <SelectField
                label={<FormattedMessage id="transactions.listing.sort" />}
                labelSize="sm"
                size="sm"
                name="sort"
                data-testid="tx-filter-sort"
                value={draft.sort || 'created_at_desc'}
                onChange={(e) => list.edit({ sort: e.target.value === 'created_at_desc' ? '' : e.target.value })}
                options={TX_SORTS.map((s) => ({ value: s, label: intl.formatMessage({ id: `transactions.listing.sort_${s}` }) }))}
              />
              <FilterActions prefix="tx" clearHref="/transaction-listing" filtered={filtered} />
            </FilterGrid>
            {draft.date_preset === 'custom' && <DateRangeFields mt="3" values={draft} error={rangeError} onChange={list.type} labels="transactions.listing" testId="tx-custom-range" />}
          </FilterForm>
          <ListingResults
            list={list}
            table={table}
            label={intl.formatMessage({ id: 'nav.item.transaction_listing' })}
            testId="tx-table"
            onRowClick={(r) => navigate(transactionPath(r.reference_id))}
            empty={
              <EmptyMessage
                testId="tx-empty"
                icon={<LuArrowLeftRight />}
                title={<FormattedMessage id={filtered ? 'transactions.listing.empty_filtered_title' : 'transactions.listing.empty_title'} />}
                description={<FormattedMessage id={filtered ? 'transactions.listing.empty_filtered_body' : 'transactions.listing.empty_body'} />}
                action={
                  !filtered ? (
                    <Button size="sm" colorPalette="brand" onClick={() => setUploading(true)}>
                      <LuUpload /> <FormattedMessage id="transactions.upload.open" />
                    </Button>
                  ) : undefined
                }
              />
            }
          />
        </Card.Body>
      </Card.Root>
      {uploading && <UploadTransactionsDialog onClose={() => setUploading(false)} onUploaded={list.acted} />}
    </Stack>
  );
}

/** An amount bound of the filters, with why it cannot be applied under it. */
function AmountField({ label, name, value, error, onChange, testId }: { label: ReactNode; name: string; value: string; error: string | null; onChange: (value: string) => void; testId: string }) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input name={name} size="sm" inputMode="decimal" dir="ltr" textAlign="start" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
      {error && <Field.ErrorText data-testid="field-error">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
