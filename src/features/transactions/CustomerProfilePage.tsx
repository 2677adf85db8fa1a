/**
 * Customer Profile (/customer-profile?customer_id=…; the spec's route has no parameter, so the customer is named
 * in the query: docs/transaction-monitoring-screens.md): the customer's details, risk and totals, its
 * transactions (server-paged, newest first), its alerts and the accounts it sends to and receives from. The
 * profile is one GET (the shared resource statechart), the transactions a paged list (the shared list statechart).
 */
import { Box, Button, DataList, Grid, HStack, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { LuArrowRight, LuUserSearch } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import type { CustomerProfile, TransactionRow } from '@machines/transactions/views';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { DataTable } from '../../components/table/DataTable';
import { Pager } from '../../components/table/Pager';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { useList } from '../../components/useList';
import { useResource } from '../../lib/useResource';
import { tmApi } from './api';
import { Code, Country, DirectionLabel, LevelBadge, Money, Party, RiskBadge, Score, TxStatusBadge, When, WhenStacked, WorkflowBadge, tmLabel } from './labels';
import { LoadFailed } from './PageParts';
import { alertPath, transactionPath } from './paths';

const column = columnsFor<TransactionRow>();

export default function CustomerProfilePage() {
  const customerId = (new URLSearchParams(useSearch()).get('customer_id') ?? '').trim();
  if (!customerId) {
    return (
      <Box>
        <ProfileBreadcrumbs />
        <EmptyMessage
          testId="customer-missing"
          icon={<LuUserSearch />}
          title={<FormattedMessage id="transactions.profile.missing_title" />}
          description={<FormattedMessage id="transactions.profile.missing_body" />}
          action={
            <Button size="sm" colorPalette="brand" asChild>
              <Link href="/customer-listing">
                <FormattedMessage id="nav.item.customer_listing" />
              </Link>
            </Button>
          }
        />
      </Box>
    );
  }
  // Another customer is another profile: its lists start afresh.
  return <Profile key={customerId} customerId={customerId} />;
}

function ProfileBreadcrumbs({ name }: { name?: ReactNode }) {
  return (
    <Breadcrumbs
      testId="customer-breadcrumbs"
      items={[{ label: <FormattedMessage id="nav.item.customer_listing" />, href: '/customer-listing' }, { label: name ?? <FormattedMessage id="pages.customer_profile" /> }]}
    />
  );
}

function Item({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="32" flexShrink={0}>
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue minW="0">
        {/* A block inside the value's flex box, so a long e-mail wraps instead of leaving the card. */}
        <Box minW="0" maxW="full" overflowWrap="anywhere">
          {children ?? <Text color="fg.muted">—</Text>}
        </Box>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function Profile({ customerId }: { customerId: string }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const profile = useResource<CustomerProfile>(`/transactions/customers/${encodeURIComponent(customerId)}`);
  const transactions = useList<TransactionRow>(({ page, pageSize }) => tmApi.transactions({ customer_id: customerId, page, page_size: pageSize }), { pageSize: 10 });

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('reference_id', {
          header: () => <FormattedMessage id="transactions.fields.reference_id" />,
          cell: ({ row }) => (
            <Link href={transactionPath(row.original.reference_id)} onClick={(e) => e.stopPropagation()}>
              <Text as="span" color="brand.fg">
                <Code>{row.original.reference_id}</Code>
              </Text>
            </Link>
          ),
        }),
        column.accessor('created_at', { header: () => <FormattedMessage id="transactions.fields.created_at" />, cell: ({ row }) => <When at={row.original.created_at} /> }),
        column.accessor('amount', { header: () => <FormattedMessage id="transactions.fields.amount" />, meta: { align: 'end' }, cell: ({ row }) => <Money amount={row.original.amount} currency={row.original.currency} strong /> }),
        column.accessor('direction', { header: () => <FormattedMessage id="transactions.fields.direction" />, cell: ({ row }) => <DirectionLabel value={row.original.direction} /> }),
        column.display({
          id: 'counterparty',
          header: () => <FormattedMessage id="transactions.profile.counterparty" />,
          cell: ({ row }) =>
            row.original.direction === 'inbound' ? <Party name={row.original.remitter_name} account={row.original.remitter_account} /> : <Party name={row.original.beneficiary_name} account={row.original.beneficiary_account} />,
        }),
        column.accessor('score', { header: () => <FormattedMessage id="transactions.fields.score" />, meta: { align: 'end' }, cell: ({ row }) => <Score value={row.original.score} /> }),
        column.accessor('status', { header: () => <FormattedMessage id="transactions.fields.status" />, cell: ({ row }) => <TxStatusBadge value={row.original.status} /> }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl.locale],
  );
  const table = useTable({ features: appTableFeatures, columns, data: transactions.rows, getRowId: (r) => r.reference_id });

  if (profile.error && !profile.data) {
    return <LoadFailed breadcrumbs={<ProfileBreadcrumbs name={<Name>{customerId}</Name>} />} error={profile.error} onRetry={profile.retry} />;
  }
  if (!profile.data) return <Skeleton height="64" data-testid="customer-loading" />;
  const { customer, risk, totals, alerts, counterparties } = profile.data;
  const attributes = Object.entries(customer.attributes ?? {});

  return (
    <Box data-testid="customer-profile">
      <ProfileBreadcrumbs name={<Name>{customer.name || customer.customer_id}</Name>} />
      <Stack gap="1" mb="5">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="xl" data-testid="page-title">
            {customer.name ? <Name>{customer.name}</Name> : <FormattedMessage id="pages.customer_profile" />}
          </Heading>
          <RiskBadge value={risk.level} />
        </HStack>
        <HStack gap="2" color="fg.muted" fontSize="sm">
          <Code testId="customer-profile-id">{customer.customer_id}</Code>
          <Text as="span">·</Text>
          <Text as="span">{tmLabel(intl, 'customer_type', customer.customer_type)}</Text>
        </HStack>
      </Stack>

      <Grid templateColumns={{ base: '1fr', lg: 'repeat(3, minmax(0, 1fr))' }} gap="5" mb="5" alignItems="start">
        <TitledCard title={<FormattedMessage id="transactions.profile.details" />} titleSize="md" data-testid="customer-details">
          <DataList.Root orientation="horizontal" size="sm" gap="2">
            <Item label={<FormattedMessage id="transactions.fields.email" />}>{customer.email ? <Code>{customer.email}</Code> : null}</Item>
            <Item label={<FormattedMessage id="transactions.customers.country" />}>
              <Country code={customer.country} />
            </Item>
            <Item label={<FormattedMessage id="transactions.profile.date_of_birth" />}>{customer.date_of_birth ? <When at={customer.date_of_birth} dateOnly /> : null}</Item>
            <Item label={<FormattedMessage id="transactions.profile.first_seen" />}>
              <When at={customer.first_seen_at} />
            </Item>
            <Item label={<FormattedMessage id="transactions.customers.last_seen" />}>
              <When at={customer.last_seen_at} />
            </Item>
            {attributes.map(([key, value]) => (
              <Item key={key} label={<Name>{key}</Name>}>
                <Name>{String(value)}</Name>
              </Item>
            ))}
          </DataList.Root>
        </TitledCard>
        <TitledCard title={<FormattedMessage id="transactions.profile.risk" />} titleSize="md" data-testid="customer-risk-card">
          <DataList.Root orientation="horizontal" size="sm" gap="2">
            <Item label={<FormattedMessage id="transactions.customers.risk" />}>
              <RiskBadge value={risk.level} />
            </Item>
            <Item label={<FormattedMessage id="transactions.profile.risk_score" />}>
              <Score value={risk.score} />
            </Item>
            <Item label={<FormattedMessage id="transactions.profile.flagged" />}>{intl.formatNumber(risk.flagged_transactions)}</Item>
            <Item label={<FormattedMessage id="transactions.profile.aml_holds" />}>{intl.formatNumber(risk.aml_holds)}</Item>
            <Item label={<FormattedMessage id="transactions.customers.open_alerts" />}>{intl.formatNumber(customer.open_alerts)}</Item>
          </DataList.Root>
        </TitledCard>
        <TitledCard title={<FormattedMessage id="transactions.profile.totals" />} titleSize="md" data-testid="customer-totals">
          <DataList.Root orientation="horizontal" size="sm" gap="2">
            <Item label={<FormattedMessage id="transactions.profile.received" />}>
              <CountSum count={totals.in_count} sum={totals.in_sum} />
            </Item>
            <Item label={<FormattedMessage id="transactions.profile.sent" />}>
              <CountSum count={totals.out_count} sum={totals.out_sum} />
            </Item>
            <Item label={<FormattedMessage id="transactions.profile.currencies" />}>{totals.currencies.length ? <Code>{totals.currencies.join(', ')}</Code> : null}</Item>
          </DataList.Root>
        </TitledCard>
      </Grid>

      <Stack gap="5">
        <TitledCard
          title={
            <HStack justify="space-between" w="full" wrap="wrap">
              <FormattedMessage id="transactions.profile.transactions" />
              <Button size="xs" variant="ghost" asChild>
                <Link href={`/transaction-listing?customer_id=${encodeURIComponent(customer.customer_id)}`} data-testid="customer-all-transactions">
                  <FormattedMessage id="transactions.profile.all_transactions" />
                  <DirectionalIcon>
                    <LuArrowRight />
                  </DirectionalIcon>
                </Link>
              </Button>
            </HStack>
          }
          titleSize="md"
        >
          {transactions.failed && <ServerError message={transactions.error?.message ?? null} code={transactions.error?.code} />}
          <DataTable
            table={table}
            loading={transactions.loading}
            loaded={transactions.loaded}
            label={intl.formatMessage({ id: 'transactions.profile.transactions' })}
            testId="customer-transactions"
            onRowClick={(r) => navigate(transactionPath(r.reference_id))}
            empty={<Text color="fg.muted" textAlign="center">{intl.formatMessage({ id: 'transactions.profile.no_transactions' })}</Text>}
          />
          <Pager page={transactions.page} pageSize={transactions.pageSize} total={transactions.total} onPage={transactions.goTo} />
        </TitledCard>

        <Grid templateColumns={{ base: '1fr', '2xl': 'repeat(2, minmax(0, 1fr))' }} gap="5" alignItems="start">
          <TitledCard title={<FormattedMessage id="transactions.profile.alerts" />} titleSize="md">
            {alerts.length === 0 ? (
              <Text color="fg.muted" fontSize="sm" data-testid="customer-no-alerts">
                <FormattedMessage id="transactions.profile.no_alerts" />
              </Text>
            ) : (
              <Box overflowX="auto">
                <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'transactions.profile.alerts' })} data-testid="customer-alerts">
                  <Table.Header>
                    <Table.Row>
                      {['alert_id', 'level', 'status', 'rule', 'triggered', 'updated'].map((k) => (
                        <Table.ColumnHeader key={k}>
                          <FormattedMessage id={`transactions.alerts.col_${k}`} />
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {alerts.map((a) => (
                      <Table.Row key={a.alert_id}>
                        <Table.Cell>
                          <Link href={alertPath(a.alert_id)}>
                            <Text as="span" color="brand.fg" whiteSpace="nowrap">
                              <Code>{a.alert_id}</Code>
                            </Text>
                          </Link>
                        </Table.Cell>
                        <Table.Cell>
                          <LevelBadge value={a.level} />
                        </Table.Cell>
                        <Table.Cell>
                          <WorkflowBadge value={a.workflow_status} />
                        </Table.Cell>
                        <Table.Cell>
                          <Text fontSize="sm" lineClamp={2} minW="32">
                            {a.rule_name ? <Name>{a.rule_name}</Name> : '—'}
                          </Text>
                        </Table.Cell>
                        <Table.Cell textAlign="end">{intl.formatNumber(a.triggered_count)}</Table.Cell>
                        <Table.Cell>
                          <WhenStacked at={a.updated_at} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </TitledCard>
          <TitledCard title={<FormattedMessage id="transactions.profile.counterparties" />} titleSize="md">
            {counterparties.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                <FormattedMessage id="transactions.profile.no_counterparties" />
              </Text>
            ) : (
              <Box overflowX="auto">
                <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'transactions.profile.counterparties' })} data-testid="customer-counterparties">
                  <Table.Header>
                    <Table.Row>
                      {['account', 'country', 'received', 'sent'].map((k) => (
                        <Table.ColumnHeader key={k} textAlign={k === 'received' || k === 'sent' ? 'end' : 'start'}>
                          <FormattedMessage id={`transactions.profile.cp_${k}`} />
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {counterparties.map((c) => (
                      <Table.Row key={c.account} data-testid="customer-counterparty">
                        <Table.Cell>
                          <Party name={c.name} account={c.account} />
                        </Table.Cell>
                        <Table.Cell>
                          <Country code={c.country} />
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          <CountSum count={c.in_count} sum={c.in_sum} end />
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          <CountSum count={c.out_count} sum={c.out_sum} end />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </TitledCard>
        </Grid>
      </Stack>
    </Box>
  );
}

/** How many transactions and their sum, one over the other. */
function CountSum({ count, sum, end = false }: { count: number; sum: string; end?: boolean }) {
  return (
    <Stack gap="0" align={end ? 'flex-end' : 'flex-start'}>
      <Text as="span" fontSize="sm" whiteSpace="nowrap">
        <FormattedMessage id="transactions.profile.tx_count" values={{ count }} />
      </Text>
      <Money amount={sum} strong />
    </Stack>
  );
}
