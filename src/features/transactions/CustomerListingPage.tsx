/**
 * Customer Listing (/customer-listing): the customers transactions and customer-update-bulk have made, in a
 * server-paged table (id, name, type, country, risk, transactions, totals in and out, open alerts, last seen),
 * filtered by text, risk level and country and sorted, all kept in the address. A row opens the customer's
 * profile. The list's flow is machines/transactions/tm-list.machine.ts.
 */
import { Card, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { LuUsers } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { CUSTOMER_RISK_LEVELS, CUSTOMER_SORTS, type CustomerRow } from '@machines/transactions/views';
import { isFiltered } from '@machines/transactions/list-query';
import { EmptyMessage } from '../../components/EmptyMessage';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/Select';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { FilterActions, FilterForm, ListingResults } from './PageParts';
import { FilterGrid } from './filters';
import { Code, Country, Money, RiskBadge, WhenStacked, tmLabel } from './labels';
import { customerPath } from './paths';
import { useTmList } from './useTmList';

const column = columnsFor<CustomerRow>();

export default function CustomerListingPage() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const list = useTmList<CustomerRow>('customers');
  const { draft } = list;

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('customer_id', {
          header: () => <FormattedMessage id="transactions.fields.customer_id" />,
          cell: ({ row }) => (
            <Link href={customerPath(row.original.customer_id)} onClick={(e) => e.stopPropagation()}>
              <Text as="span" color="brand.fg" data-testid="customer-id">
                <Code>{row.original.customer_id}</Code>
              </Text>
            </Link>
          ),
        }),
        column.accessor('name', {
          header: () => <FormattedMessage id="transactions.customers.name" />,
          cell: ({ row }) => (
            <Stack gap="0">
              <Text fontSize="sm" fontWeight="medium">
                {row.original.name ? <Name>{row.original.name}</Name> : '—'}
              </Text>
              {row.original.email && (
                <Text fontSize="xs" color="fg.muted" maxW="56" truncate title={row.original.email}>
                  <Code>{row.original.email}</Code>
                </Text>
              )}
            </Stack>
          ),
        }),
        column.accessor('customer_type', {
          header: () => <FormattedMessage id="transactions.customers.type" />,
          cell: ({ row }) => tmLabel(intl, 'customer_type', row.original.customer_type),
        }),
        column.accessor('country', {
          header: () => <FormattedMessage id="transactions.customers.country" />,
          cell: ({ row }) => <Country code={row.original.country} />,
        }),
        column.accessor('risk_level', {
          header: () => <FormattedMessage id="transactions.customers.risk" />,
          cell: ({ row }) => (
            <HStack gap="2">
              <RiskBadge value={row.original.risk_level} />
              <Text as="span" fontSize="xs" color="fg.muted">
                {intl.formatNumber(row.original.risk_score)}
              </Text>
            </HStack>
          ),
        }),
        column.accessor('transaction_count', {
          header: () => <FormattedMessage id="transactions.customers.transactions" />,
          meta: { align: 'end' },
          cell: ({ row }) => intl.formatNumber(row.original.transaction_count),
        }),
        column.accessor('total_in', {
          header: () => <FormattedMessage id="transactions.customers.total_in" />,
          meta: { align: 'end' },
          cell: ({ row }) => <Money amount={row.original.total_in} />,
        }),
        column.accessor('total_out', {
          header: () => <FormattedMessage id="transactions.customers.total_out" />,
          meta: { align: 'end' },
          cell: ({ row }) => <Money amount={row.original.total_out} />,
        }),
        column.accessor('open_alerts', {
          header: () => <FormattedMessage id="transactions.customers.open_alerts" />,
          meta: { align: 'end' },
          cell: ({ row }) => (
            <Text as="span" fontWeight={row.original.open_alerts ? 'semibold' : 'normal'} color={row.original.open_alerts ? 'red.fg' : 'fg.muted'}>
              {intl.formatNumber(row.original.open_alerts)}
            </Text>
          ),
        }),
        column.accessor('last_seen_at', {
          header: () => <FormattedMessage id="transactions.customers.last_seen" />,
          cell: ({ row }) => <WhenStacked at={row.original.last_seen_at} />,
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl.locale],
  );
  const table = useTable({ features: appTableFeatures, columns, data: list.rows, getRowId: (r) => r.customer_id });
  const filtered = isFiltered('customers', list.filters);

  return (
    <Stack gap="0">
      <PageHeader title={<FormattedMessage id="nav.item.customer_listing" />} description={<FormattedMessage id="transactions.customers.description" />} />
      <Card.Root>
        <Card.Body gap="4">
          <FilterForm list={list}>
            <FilterGrid>
              <FormField label={<FormattedMessage id="transactions.customers.search" />} labelSize="sm">
                <Input name="search" size="sm" value={draft.search} placeholder={intl.formatMessage({ id: 'transactions.customers.search_placeholder' })} onChange={(e) => list.type({ search: e.target.value })} data-testid="customer-filter-search" />
              </FormField>
              <SelectField
                label={<FormattedMessage id="transactions.customers.risk" />}
                labelSize="sm"
                size="sm"
                name="risk_level"
                data-testid="customer-filter-risk"
                value={draft.risk_level}
                onChange={(e) => list.edit({ risk_level: e.target.value })}
                options={[{ value: '', label: intl.formatMessage({ id: 'transactions.customers.any_risk' }) }, ...CUSTOMER_RISK_LEVELS.map((r) => ({ value: r, label: tmLabel(intl, 'risk', r) }))]}
              />
              <FormField label={<FormattedMessage id="transactions.customers.country_code" />} labelSize="sm">
                <Input
                  name="country"
                  size="sm"
                  maxLength={2}
                  dir="ltr"
                  textTransform="uppercase"
                  value={draft.country}
                  onChange={(e) => {
                    const code = e.target.value.toUpperCase();
                    if (code.length === 2 || code === '') list.edit({ country: code });
                    else list.type({ country: code });
                  }}
                  data-testid="customer-filter-country"
                />
              </FormField>
              <SelectField
                label={<FormattedMessage id="transactions.listing.sort" />}
                labelSize="sm"
                size="sm"
                name="sort"
                data-testid="customer-filter-sort"
                value={draft.sort || CUSTOMER_SORTS[0]}
                onChange={(e) => list.edit({ sort: e.target.value === CUSTOMER_SORTS[0] ? '' : e.target.value })}
                options={CUSTOMER_SORTS.map((s) => ({ value: s, label: intl.formatMessage({ id: `transactions.customers.sort_${s}` }) }))}
              />
              <FilterActions prefix="customer" clearHref="/customer-listing" filtered={filtered} />
            </FilterGrid>
          </FilterForm>
          <ListingResults
            list={list}
            table={table}
            label={intl.formatMessage({ id: 'nav.item.customer_listing' })}
            testId="customer-table"
            onRowClick={(r) => navigate(customerPath(r.customer_id))}
            empty={
              <EmptyMessage
                testId="customer-empty"
                icon={<LuUsers />}
                title={<FormattedMessage id={filtered ? 'transactions.customers.empty_filtered_title' : 'transactions.customers.empty_title'} />}
                description={<FormattedMessage id={filtered ? 'transactions.customers.empty_filtered_body' : 'transactions.customers.empty_body'} />}
              />
            }
          />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
