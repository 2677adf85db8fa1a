/**
 * A transaction (/transaction-listing/:transaction_reference): the General tab shows every field of section 3
 * grouped (transaction, customer, remitter, beneficiary, device and IP, order) beside its decision (status,
 * score, total risk factor score, the rules that fired with why, the alerts it is behind); the AML cases tab
 * shows the screening of its remitter and beneficiary and the cases opened for a hit, each opening in Manage
 * Case. An analyst changes its status (accept, reject, under review, hold) after confirming. The flow is
 * machines/transactions/transaction.machine.ts.
 */
import { Badge, Box, Button, DataList, Flex, Grid, HStack, Heading, Menu, Portal, Skeleton, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { LuChevronDown, LuShieldAlert } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { transactionMachine } from '@machines/transactions/transaction.machine';
import * as sel from '@machines/transactions/transaction.selectors';
import { ANALYST_STATUSES, type AppliedRule, type PartyScreening, type TransactionDetail } from '@machines/transactions/views';
import { ActionDialog } from '../../components/ActionDialog';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { valueLabel } from '../../lib/valueLabels';
import { tmApi } from './api';
import { explainPart } from './describe';
import { alertPath, casePath, customerPath } from './paths';
import { Code, Country, DirectionLabel, LevelBadge, Money, Score, TxStatusBadge, When, WorkflowBadge, tmLabel } from './labels';
import { LoadFailed } from './PageParts';


function TxBreadcrumbs({ reference }: { reference: string }) {
  return <Breadcrumbs testId="tx-breadcrumbs" items={[{ label: <FormattedMessage id="nav.item.transaction_listing" />, href: '/transaction-listing' }, { label: <Name>{reference}</Name> }]} />;
}

export default function TransactionDetailPage() {
  const { transaction_reference } = useParams<{ transaction_reference: string }>();
  // Another transaction is another statechart: the page starts afresh for it.
  return <Transaction key={transaction_reference} reference={decodeURIComponent(transaction_reference)} />;
}

function useTransactionActor(reference: string) {
  const intl = useIntl();
  const [machine] = useState(() =>
    transactionMachine.provide({
      actors: {
        load: fromPromise(({ input }) => tmApi.detail(input.reference)),
        loadCases: fromPromise(({ input }) => tmApi.amlCases(input.reference)),
        decide: fromPromise(({ input }) => tmApi.decide(input)),
      },
      actions: {
        notifyDecided: (_, { answer, reference: ref }) => notify.success(messageText(answer.code, answer.message ?? intl.formatMessage({ id: 'transactions.detail.decided' }), answer.values ?? { ref })),
      },
    }),
  );
  return useActorRef(machine, { input: { reference }, inspect });
}

function Transaction({ reference }: { reference: string }) {
  const intl = useIntl();
  const actor = useTransactionActor(reference);
  const send = actor.send;
  const detail = useSelector(actor, sel.selectDetail);
  const loadError = useSelector(actor, sel.selectLoadError);
  const decision = useSelector(actor, sel.selectDecision);
  const [tab, setTab] = useState('general');

  if (loadError && !detail) {
    return <LoadFailed breadcrumbs={<TxBreadcrumbs reference={reference} />} error={loadError} onRetry={() => send({ type: 'RETRY' })} />;
  }
  if (!detail) return <Skeleton height="64" data-testid="tx-loading" />;

  const showTab = (value: string) => {
    setTab(value);
    if (value === 'aml') send({ type: 'SHOW_CASES' });
  };

  return (
    <Box data-testid="tx-detail">
      <TxBreadcrumbs reference={reference} />
      <Flex justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4" mb="5" wrap="wrap">
        <Stack gap="1">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="xl" data-testid="page-title">
              <FormattedMessage id="pages.transaction_detail" />
            </Heading>
            <TxStatusBadge value={detail.status} />
          </HStack>
          <HStack gap="3" color="fg.muted" fontSize="sm" wrap="wrap">
            <Code testId="tx-detail-reference">{detail.reference_id}</Code>
            <Text as="span">·</Text>
            <Money amount={detail.amount} currency={detail.currency} strong />
            <Text as="span">·</Text>
            <When at={detail.created_at} />
          </HStack>
        </Stack>
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <Button colorPalette="brand" data-testid="tx-decide">
              <FormattedMessage id="transactions.detail.decide" /> <LuChevronDown />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {ANALYST_STATUSES.map((status) => (
                  <Menu.Item key={status} value={status} disabled={status === detail.status} onClick={() => send({ type: 'DECIDE', status })} data-testid={`tx-decide-${status.replace(/\s+/g, '_')}`}>
                    {tmLabel(intl, 'decide', status)}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Flex>

      <Tabs.Root value={tab} onValueChange={(d) => showTab(d.value)} variant="line" colorPalette="brand" lazyMount>
        <Tabs.List mb="4">
          <Tabs.Trigger value="general" data-testid="tx-tab-general">
            <FormattedMessage id="transactions.detail.tab_general" />
          </Tabs.Trigger>
          <Tabs.Trigger value="aml" data-testid="tx-tab-aml">
            <FormattedMessage id="transactions.detail.tab_aml" />
            {detail.aml_case_count > 0 && (
              <Badge size="sm" colorPalette="red" variant="solid">
                {intl.formatNumber(detail.aml_case_count)}
              </Badge>
            )}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="general">
          <General detail={detail} />
        </Tabs.Content>
        <Tabs.Content value="aml">
          <AmlCases actor={actor} screening={detail.screening} />
        </Tabs.Content>
      </Tabs.Root>

      <ActionDialog
        open={decision.status !== null}
        busy={decision.sending}
        title={<FormattedMessage id="transactions.detail.confirm_title" />}
        submitLabel={<FormattedMessage id="transactions.detail.confirm_submit" />}
        tone={decision.status === 'rejected' ? 'danger' : 'primary'}
        error={decision.error ? { message: decision.error.message, code: decision.error.code } : undefined}
        onSubmit={() => send({ type: 'CONFIRM' })}
        onClose={() => send({ type: 'CANCEL' })}
        testId="tx-decide-dialog"
      >
        <Text>
          <FormattedMessage
            id="transactions.detail.confirm_body"
            values={{ reference: <Name>{detail.reference_id}</Name>, from: tmLabel(intl, 'status', detail.status), to: decision.status ? tmLabel(intl, 'status', decision.status) : '' }}
          />
        </Text>
      </ActionDialog>
    </Box>
  );
}

/** One labelled value of a group. */
function Item({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="32" flexShrink={0}>
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue minW="0" data-testid={testId}>
        {/* A block inside the value's flex box, so a long account wraps instead of leaving the card. */}
        <Box minW="0" maxW="full" overflowWrap="anywhere">
          {children ?? <Text color="fg.muted">—</Text>}
        </Box>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

const F = ({ id }: { id: string }) => <FormattedMessage id={`transactions.fields.${id}`} />;
const text = (v: string | null | undefined) => (v ? <Name>{v}</Name> : null);
const code = (v: string | null | undefined) => (v ? <Code>{v}</Code> : null);

function Group({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <TitledCard title={title} titleSize="md" data-testid={testId}>
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        {children}
      </DataList.Root>
    </TitledCard>
  );
}

function General({ detail }: { detail: TransactionDetail }) {
  const intl = useIntl();
  return (
    // The decision first and widest: it is what an analyst opens a transaction for; the fields follow in groups.
    <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' }} gap="5" alignItems="start">
      <Decision detail={detail} />
        <Group title={<FormattedMessage id="transactions.detail.group_transaction" />} testId="tx-group-transaction">
          <Item label={<F id="reference_id" />}>{code(detail.reference_id)}</Item>
          <Item label={<F id="number" />}>{intl.formatNumber(detail.number)}</Item>
          <Item label={<F id="created_at" />}>
            <When at={detail.created_at} />
          </Item>
          <Item label={<F id="received_at" />}>
            <When at={detail.received_at} />
          </Item>
          <Item label={<F id="amount" />} testId="tx-amount">
            <Money amount={detail.amount} currency={detail.currency} strong />
          </Item>
          <Item label={<F id="direction" />}>
            <DirectionLabel value={detail.direction} />
          </Item>
          <Item label={<F id="type" />}>{text(detail.type)}</Item>
          <Item label={<F id="payment_method" />}>{code(detail.payment_method)}</Item>
          <Item label={<F id="payment_id" />}>{code(detail.payment_id)}</Item>
          <Item label={<F id="document_id" />}>{code(detail.document_id)}</Item>
          <Item label={<F id="document_date" />}>{detail.document_date ? <When at={detail.document_date} dateOnly /> : null}</Item>
          <Item label={<F id="declared_relationship" />}>{text(detail.declared_relationship)}</Item>
          <Item label={<F id="source" />}>{tmLabel(intl, 'source', detail.source)}</Item>
        </Group>
        <Group title={<FormattedMessage id="transactions.detail.group_customer" />} testId="tx-group-customer">
          <Item label={<F id="customer_id" />}>
            {detail.customer_id ? (
              <Link href={customerPath(detail.customer_id)} data-testid="tx-customer-link">
                <Text as="span" color="brand.fg" textDecoration="underline">
                  <Code>{detail.customer_id}</Code>
                </Text>
              </Link>
            ) : null}
          </Item>
          <Item label={<F id="customer_first_name" />}>{text(detail.customer_first_name)}</Item>
          <Item label={<F id="customer_last_name" />}>{text(detail.customer_last_name)}</Item>
          <Item label={<F id="email" />}>{code(detail.email)}</Item>
        </Group>
        {(['remitter', 'beneficiary'] as const).map((party) => (
          <Group key={party} title={<FormattedMessage id={`transactions.detail.group_${party}`} />} testId={`tx-group-${party}`}>
            <Item label={<F id="party_name" />}>{text(detail[`${party}_name`])}</Item>
            <Item label={<F id="party_account" />}>{code(detail[`${party}_account`])}</Item>
            <Item label={<F id="party_country" />}>
              <Country code={detail[`${party}_country`]} />
            </Item>
            <Item label={<F id="party_bin" />}>{code(detail[`${party}_bin`])}</Item>
            <Item label={<F id="party_bin_country" />}>
              <Country code={detail[`${party}_bin_country`]} />
            </Item>
            <Item label={<F id="party_card" />}>{code(detail[`${party}_card`])}</Item>
          </Group>
        ))}
        <Group title={<FormattedMessage id="transactions.detail.group_device" />} testId="tx-group-device">
          <Item label={<F id="ip_address" />}>{code(detail.ip_address)}</Item>
          <Item label={<F id="ip_country" />}>
            <Country code={detail.ip_country} />
          </Item>
          <Item label={<F id="device_id" />}>{code(detail.device_id)}</Item>
          <Item label={<F id="eci_3ds" />}>{code(detail.eci_3ds)}</Item>
        </Group>
        <Group title={<FormattedMessage id="transactions.detail.group_order" />} testId="tx-group-order">
          <Item label={<F id="order_id" />}>{code(detail.order_id)}</Item>
          <Item label={<F id="order_status" />}>{text(detail.order_status)}</Item>
          <Item label={<F id="order_total" />}>{detail.order_total ? <Money amount={detail.order_total} currency={detail.currency} /> : null}</Item>
        </Group>
    </Grid>
  );
}

function Decision({ detail }: { detail: TransactionDetail }) {
  const intl = useIntl();
  return (
    <TitledCard title={<FormattedMessage id="transactions.detail.group_decision" />} titleSize="md" data-testid="tx-decision" gridColumn={{ lg: 'span 2' }} borderColor="brand.muted">
      <Stack gap="4">
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <Item label={<F id="status" />}>
            <TxStatusBadge value={detail.status} />
          </Item>
          <Item label={<F id="score" />}>
            <Score value={detail.score} />
          </Item>
          <Item label={<F id="total_risk_factor_score" />} testId="tx-total-risk">
            {intl.formatNumber(detail.total_risk_factor_score)}
          </Item>
          <Item label={<F id="assignee" />}>{detail.assignee ? <Name>{detail.assignee.name}</Name> : null}</Item>
        </DataList.Root>
        <Stack gap="2">
          <Text as="h3" fontWeight="semibold" fontSize="sm">
            <FormattedMessage id="transactions.detail.rules_fired" values={{ count: detail.rules_applied.length }} />
          </Text>
          {detail.rules_applied.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="tx-no-rules">
              <FormattedMessage id="transactions.detail.no_rules" />
            </Text>
          ) : (
            <Stack gap="2" as="ul" listStyleType="none" data-testid="tx-rules">
              {detail.rules_applied.map((rule, i) => (
                <FiredRule key={`${rule.rule_id}-${i}`} rule={rule} />
              ))}
            </Stack>
          )}
        </Stack>
        <Stack gap="2">
          <Text as="h3" fontWeight="semibold" fontSize="sm">
            <FormattedMessage id="transactions.detail.alerts" />
          </Text>
          {detail.alerts.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="transactions.detail.no_alerts" />
            </Text>
          ) : (
            <HStack gap="2" wrap="wrap" data-testid="tx-alerts">
              {detail.alerts.map((a) => (
                <Link key={a.alert_id} href={alertPath(a.alert_id)}>
                  <HStack gap="1" borderWidth="1px" rounded="md" px="2" py="1" _hover={{ bg: 'bg.muted' }}>
                    <Code>{a.alert_id}</Code>
                    <LevelBadge value={a.level} />
                    <WorkflowBadge value={a.workflow_status} />
                  </HStack>
                </Link>
              ))}
            </HStack>
          )}
        </Stack>
        <Stack gap="2">
          <Text as="h3" fontWeight="semibold" fontSize="sm">
            <FormattedMessage id="transactions.detail.screening" />
          </Text>
          <ScreeningSummary screening={detail.screening} />
        </Stack>
        <Stack gap="2">
          <Text as="h3" fontWeight="semibold" fontSize="sm">
            <FormattedMessage id="transactions.detail.history" />
          </Text>
          <DecisionHistory detail={detail} />
        </Stack>
      </Stack>
    </TitledCard>
  );
}

function FiredRule({ rule }: { rule: AppliedRule }) {
  const intl = useIntl();
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" data-testid="tx-rule">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="medium" fontSize="sm">
          <Name>{rule.rule_name}</Name>
        </Text>
        <HStack gap="1">
          <Badge size="sm" variant="outline">
            <FormattedMessage id="transactions.detail.rule_score" values={{ score: rule.score }} />
          </Badge>
          <Badge size="sm" variant="subtle" colorPalette={rule.action === 'reject' ? 'red' : rule.action === 'hold' ? 'orange' : 'yellow'}>
            {tmLabel(intl, 'action', rule.action)}
          </Badge>
        </HStack>
      </HStack>
      <Stack as="ul" gap="1" mt="2" ps="4" listStyleType="disc" fontSize="sm" color="fg.muted">
        {rule.explanation.parts.map((part, i) => (
          <li key={i} data-testid="tx-rule-explanation">
            {explainPart(intl, part)}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

const OUTCOME_COLOURS: Record<string, string> = { clear: 'green', hit: 'red', error: 'purple', skipped: 'gray' };

function ScreeningSummary({ screening }: { screening: PartyScreening[] }) {
  const intl = useIntl();
  if (!screening.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="transactions.detail.no_screening" />
      </Text>
    );
  return (
    <Stack gap="1">
      {screening.map((s) => (
        <HStack key={s.party} gap="2" fontSize="sm" wrap="wrap" data-testid={`tx-screening-${s.party}`}>
          <Text fontWeight="medium" minW="24">
            {tmLabel(intl, 'party', s.party)}
          </Text>
          <Text>{s.name ? <Name>{s.name}</Name> : '—'}</Text>
          <Badge size="sm" colorPalette={OUTCOME_COLOURS[s.outcome] ?? 'gray'}>
            {tmLabel(intl, 'outcome', s.outcome)}
          </Badge>
        </HStack>
      ))}
    </Stack>
  );
}

function AmlCases({ actor, screening }: { actor: ReturnType<typeof useTransactionActor>; screening: PartyScreening[] }) {
  const intl = useIntl();
  const cases = useSelector(actor, sel.selectCases);
  const loading = useSelector(actor, sel.selectCasesLoading);
  const error = useSelector(actor, sel.selectCasesError);
  return (
    <Stack gap="5" data-testid="tx-aml">
      <TitledCard title={<FormattedMessage id="transactions.detail.screening" />} titleSize="md">
        <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'transactions.detail.screening' })} data-testid="tx-screening-table">
          <Table.Header>
            <Table.Row>
              {['party', 'name', 'outcome', 'hits', 'case'].map((k) => (
                <Table.ColumnHeader key={k}>
                  <FormattedMessage id={`transactions.detail.aml_${k}`} />
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {screening.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5} color="fg.muted">
                  <FormattedMessage id="transactions.detail.no_screening" />
                </Table.Cell>
              </Table.Row>
            )}
            {screening.map((s) => (
              <Table.Row key={s.party} data-testid="tx-screening-row">
                <Table.Cell>{tmLabel(intl, 'party', s.party)}</Table.Cell>
                <Table.Cell>{s.name ? <Name>{s.name}</Name> : '—'}</Table.Cell>
                <Table.Cell>
                  <Badge size="sm" colorPalette={OUTCOME_COLOURS[s.outcome] ?? 'gray'}>
                    {tmLabel(intl, 'outcome', s.outcome)}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{intl.formatNumber(s.hits)}</Table.Cell>
                <Table.Cell>{s.case_reference ? <CaseLink reference={s.case_reference} /> : '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TitledCard>
      <TitledCard title={<FormattedMessage id="transactions.detail.aml_cases" />} titleSize="md">
        {error && <ServerError message={error.message} code={error.code} />}
        {loading && !cases && <Skeleton height="16" />}
        {cases && cases.length === 0 && (
          <EmptyMessage testId="tx-aml-empty" icon={<LuShieldAlert />} title={<FormattedMessage id="transactions.detail.no_cases_title" />} description={<FormattedMessage id="transactions.detail.no_cases_body" />} />
        )}
        {cases && cases.length > 0 && (
          <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'transactions.detail.aml_cases' })} data-testid="tx-cases-table">
            <Table.Header>
              <Table.Row>
                {['case', 'party', 'name', 'status', 'risk', 'hits', 'created'].map((k) => (
                  <Table.ColumnHeader key={k}>
                    <FormattedMessage id={`transactions.detail.aml_${k}`} />
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {cases.map((c) => (
                <Table.Row key={c.reference} data-testid="tx-case-row">
                  <Table.Cell>
                    <CaseLink reference={c.reference} />
                  </Table.Cell>
                  <Table.Cell>{tmLabel(intl, 'party', c.party)}</Table.Cell>
                  <Table.Cell>
                    <Name>{c.name}</Name>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge size="sm" variant="subtle">
                      {valueLabel(intl, 'case_status', c.case_status)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{valueLabel(intl, 'risk_level', c.risk_level)}</Table.Cell>
                  <Table.Cell>{intl.formatNumber(c.hits)}</Table.Cell>
                  <Table.Cell>
                    <When at={c.created_at} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </TitledCard>
    </Stack>
  );
}

function CaseLink({ reference }: { reference: string }) {
  return (
    <Link href={casePath(reference)} data-testid="tx-case-link">
      <Text as="span" color="brand.fg" textDecoration="underline">
        <Code>{reference}</Code>
      </Text>
    </Link>
  );
}

/** What analysts decided on the transaction, oldest first, after its arrival. */
function DecisionHistory({ detail }: { detail: TransactionDetail }) {
  const intl = useIntl();
  const history = detail.history ?? [];
  return (
    <Stack as="ol" gap="1.5" listStyleType="none" fontSize="sm" data-testid="tx-history">
      <li>
        <Text>
          <FormattedMessage id="transactions.detail.history_received" values={{ status: tmLabel(intl, 'status', history[0]?.status?.from ?? detail.status) }} />
        </Text>
        <Text fontSize="xs" color="fg.muted">
          <When at={detail.received_at} />
        </Text>
      </li>
      {history.map((item, i) => (
        <li key={i} data-testid="tx-history-item">
          {item.status && (
            <Text>
              <FormattedMessage
                id="transactions.detail.history_status"
                values={{ actor: item.actor ? <Name>{item.actor}</Name> : intl.formatMessage({ id: 'transactions.alert.system' }), from: tmLabel(intl, 'status', item.status.from), to: tmLabel(intl, 'status', item.status.to) }}
              />
            </Text>
          )}
          {item.assignee && (
            <Text>
              <FormattedMessage
                id={item.assignee.to ? 'transactions.detail.history_assigned' : 'transactions.detail.history_unassigned'}
                values={{ actor: item.actor ? <Name>{item.actor}</Name> : intl.formatMessage({ id: 'transactions.alert.system' }), to: item.assignee.to ? <Name>{item.assignee.to.name}</Name> : '' }}
              />
            </Text>
          )}
          {item.note && (
            <Text color="fg.muted" fontStyle="italic">
              <Name>{item.note}</Name>
            </Text>
          )}
          <Text fontSize="xs" color="fg.muted">
            <When at={item.at} />
          </Text>
        </li>
      ))}
    </Stack>
  );
}
