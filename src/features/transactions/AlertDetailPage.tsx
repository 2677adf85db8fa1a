/**
 * An alert (/alerts-details/:alert_id): why it was raised (the rule and its explanation in words), the
 * counterparty network around its party (a picture, and the same as tables), the transactions behind it, a
 * timeline of its history and transactions, its assignee and comments, and its workflow from open through
 * investigation and escalation to closed as a true or false positive (closing confirmed, reopening explained),
 * each step showing in the history at once. The flow is machines/transactions/alert-workflow.machine.ts.
 */
import { Badge, Box, Button, DataList, Field, Flex, Grid, HStack, Heading, NativeSelect, Skeleton, Stack, Table, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type ReactNode } from 'react';
import { LuArrowRight, LuCheck, LuMessageSquare, LuSearch, LuTriangleAlert, LuUndo2, LuX } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { TM_ALERT_LIMITS, type AlertDetail, type AlertTimelineItem, type AlertWorkflowStatus } from '@common/tm-alerts';
import { alertWorkflowMachine } from '@machines/transactions/alert-workflow.machine';
import * as sel from '@machines/transactions/alert-workflow.selectors';
import { selectUser } from '@machines/session/session.selectors';
import { useSession } from '../../app/useSession';
import { ActionDialog } from '../../components/ActionDialog';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { Name } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { inspect } from '../../lib/inspector';
import { messageById, messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { tmApi } from './api';
import { explainPart } from './describe';
import { Code, DirectionLabel, LevelBadge, Money, Party, TxStatusBadge, When, WhenStacked, WorkflowBadge, tmLabel } from './labels';
import { LoadFailed } from './PageParts';
import { NetworkGraph } from './NetworkGraph';
import { transactionPath } from './paths';

const STEP_ICONS: Partial<Record<AlertWorkflowStatus, ReactNode>> = {
  investigating: <LuSearch />,
  escalated: <LuTriangleAlert />,
  closed_true_positive: <LuCheck />,
  closed_false_positive: <LuX />,
};

function AlertBreadcrumbs({ alertId }: { alertId: string }) {
  return <Breadcrumbs testId="alert-breadcrumbs" items={[{ label: <FormattedMessage id="nav.item.alerts_listing" />, href: '/alerts-listing' }, { label: <Name>{alertId}</Name> }]} />;
}

export default function AlertDetailPage() {
  const { alert_id } = useParams<{ alert_id: string }>();
  return <Alert key={alert_id} alertId={decodeURIComponent(alert_id)} />;
}

function useAlertActor(alertId: string) {
  const [machine] = useState(() =>
    alertWorkflowMachine.provide({
      actors: {
        load: fromPromise(({ input }) => tmApi.alert(input.alertId)),
        move: fromPromise(({ input }) => tmApi.moveAlert(input)),
        assign: fromPromise(({ input }) => tmApi.assignAlert(input)),
        comment: fromPromise(({ input }) => tmApi.commentAlert(input)),
      },
      actions: {
        notify: (_, { answer }) => answer.message && notify.success(messageText(answer.code, answer.message, answer.values)),
        notifyFailure: (_, failure) => notify.error(messageText(failure.code, failure.message)),
      },
    }),
  );
  return useActorRef(machine, { input: { alertId }, inspect });
}

function Alert({ alertId }: { alertId: string }) {
  const intl = useIntl();
  const actor = useAlertActor(alertId);
  const send = actor.send;
  const detail = useSelector(actor, sel.selectDetail);
  const loadError = useSelector(actor, sel.selectLoadError);
  const next = useSelector(actor, sel.selectNextStatuses);
  const pending = useSelector(actor, sel.selectPendingMove);
  const moving = useSelector(actor, sel.selectMoving);

  if (loadError && !detail) {
    return <LoadFailed breadcrumbs={<AlertBreadcrumbs alertId={alertId} />} error={loadError} onRetry={() => send({ type: 'RETRY' })} />;
  }
  if (!detail) return <Skeleton height="64" data-testid="alert-loading" />;

  return (
    <Box data-testid="alert-detail" data-status={detail.workflow_status}>
      <AlertBreadcrumbs alertId={alertId} />
      <Flex justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4" mb="5" wrap="wrap">
        <Stack gap="1">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="xl" data-testid="page-title">
              <FormattedMessage id="pages.alert_details" />
            </Heading>
            <LevelBadge value={detail.level} />
            <WorkflowBadge value={detail.workflow_status} />
          </HStack>
          <HStack gap="2" color="fg.muted" fontSize="sm" wrap="wrap">
            <Code testId="alert-detail-id">{detail.alert_id}</Code>
            <Text as="span">·</Text>
            <Text as="span">
              {detail.party_name ? <Name>{detail.party_name}</Name> : null} <Code>{detail.party_key}</Code>
            </Text>
          </HStack>
        </Stack>
        <HStack gap="2" wrap="wrap" role="group" aria-label={intl.formatMessage({ id: 'transactions.alert.workflow' })} data-testid="alert-workflow">
          {next.map((to) => (
            <Button
              key={to}
              size="sm"
              colorPalette={to === 'closed_true_positive' ? 'red' : to === 'closed_false_positive' ? 'green' : to === 'escalated' ? 'orange' : 'brand'}
              variant={to.startsWith('closed') ? 'solid' : 'outline'}
              loading={moving === to}
              disabled={moving !== null}
              onClick={() => send({ type: 'MOVE', to })}
              data-testid={`alert-move-${to}`}
            >
              {STEP_ICONS[to] ?? <LuUndo2 />} {intl.formatMessage({ id: detail.workflow_status.startsWith('closed') ? 'transactions.alert.reopen' : `transactions.alert.to_${to}` })}
            </Button>
          ))}
        </HStack>
      </Flex>

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 22rem' }} gap="5" alignItems="start">
        <Stack gap="5" minW="0">
          <Explanation detail={detail} />
          <Network detail={detail} />
          <Transactions detail={detail} />
          <Timeline items={detail.timeline} />
        </Stack>
        <Stack gap="5">
          <Facts detail={detail} />
          <Assignment actor={actor} detail={detail} />
          <Comments actor={actor} detail={detail} />
        </Stack>
      </Grid>

      <ActionDialog
        open={pending !== null}
        busy={pending?.sending ?? false}
        title={pending ? <FormattedMessage id={pending.noteRequired ? 'transactions.alert.reopen_title' : 'transactions.alert.close_title'} /> : ''}
        submitLabel={pending ? <FormattedMessage id={pending.noteRequired ? 'transactions.alert.reopen' : `transactions.alert.to_${pending.to}`} /> : ''}
        tone={pending?.to === 'closed_true_positive' ? 'danger' : 'primary'}
        error={pending?.error ? { message: pending.error.message, code: pending.error.code } : undefined}
        onSubmit={() => send({ type: 'CONFIRM' })}
        onClose={() => send({ type: 'CANCEL' })}
        testId="alert-move-dialog"
      >
        {pending && (
          <Stack gap="3">
            <Text>
              <FormattedMessage
                id={pending.noteRequired ? 'transactions.alert.reopen_body' : 'transactions.alert.close_body'}
                values={{ alert: <Name>{detail.alert_id}</Name>, conclusion: tmLabel(intl, 'workflow', pending.to) }}
              />
            </Text>
            <Field.Root invalid={Boolean(pending.problem)} required={pending.noteRequired}>
              <Field.Label>
                <FormattedMessage id={pending.noteRequired ? 'transactions.alert.reason' : 'transactions.alert.note'} />
                {pending.noteRequired && <Field.RequiredIndicator />}
              </Field.Label>
              <Textarea name="note" dir="auto" rows={3} value={pending.note} maxLength={TM_ALERT_LIMITS.note.max + 20} onChange={(e) => send({ type: 'NOTE', note: e.target.value })} data-testid="alert-move-note" />
              {pending.problem && <Field.ErrorText data-testid="field-error">{messageById(pending.problem)}</Field.ErrorText>}
            </Field.Root>
          </Stack>
        )}
      </ActionDialog>
    </Box>
  );
}

function Explanation({ detail }: { detail: AlertDetail }) {
  const intl = useIntl();
  return (
    <TitledCard title={<FormattedMessage id="transactions.alert.why" />} titleSize="md" data-testid="alert-explanation">
      <Stack gap="3">
        {detail.rule && (
          <Stack gap="1">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">
                <Name>{detail.rule.name}</Name>
              </Text>
              <Badge size="sm" variant="outline">
                <FormattedMessage id="transactions.rules.version" values={{ version: detail.rule_version }} />
              </Badge>
              <Badge size="sm" variant="outline">
                <FormattedMessage id="transactions.detail.rule_score" values={{ score: detail.rule.score }} />
              </Badge>
            </HStack>
            {detail.rule.description && (
              <Text fontSize="sm" color="fg.muted">
                <Name>{detail.rule.description}</Name>
              </Text>
            )}
            {detail.rule.typology && (
              <Text fontSize="xs" color="fg.muted">
                <FormattedMessage id="transactions.alert.typology" values={{ typology: <Name>{detail.rule.typology}</Name> }} />
              </Text>
            )}
          </Stack>
        )}
        {detail.explanation?.parts.length ? (
          <Stack as="ul" gap="1" ps="4" listStyleType="disc" fontSize="sm">
            {detail.explanation.parts.map((part, i) => (
              <li key={i} data-testid="alert-explanation-part">
                {explainPart(intl, part)}
              </li>
            ))}
          </Stack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="transactions.alert.no_explanation" />
          </Text>
        )}
      </Stack>
    </TitledCard>
  );
}

function Network({ detail }: { detail: AlertDetail }) {
  const intl = useIntl();
  const network = detail.network;
  const names = useMemo(() => new Map(network.nodes.map((n) => [n.id, n.label])), [network]);
  return (
    <TitledCard title={<FormattedMessage id="transactions.alert.network" />} titleSize="md" data-testid="alert-network">
      <Text fontSize="sm" color="fg.muted" mb="3">
        <FormattedMessage
          id="transactions.alert.network_help"
          values={{ from: intl.formatDate(network.window.from, { dateStyle: 'medium' }), to: intl.formatDate(network.window.to, { dateStyle: 'medium' }), accounts: network.nodes.length }}
        />
        {network.truncated > 0 && (
          <>
            {' '}
            <FormattedMessage id="transactions.alert.network_truncated" values={{ count: network.truncated }} />
          </>
        )}
      </Text>
      {network.nodes.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="transactions.alert.network_empty" />
        </Text>
      ) : (
        <Tabs.Root defaultValue="picture" variant="enclosed" size="sm" lazyMount>
          <Tabs.List mb="3">
            <Tabs.Trigger value="picture" data-testid="network-tab-picture">
              <FormattedMessage id="transactions.alert.network_picture" />
            </Tabs.Trigger>
            <Tabs.Trigger value="table" data-testid="network-tab-table">
              <FormattedMessage id="transactions.alert.network_table" />
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="picture">
            <NetworkGraph network={network} label={intl.formatMessage({ id: 'transactions.alert.network_label' }, { party: detail.party_name ?? detail.party_key })} />
            <HStack gap="4" mt="3" fontSize="xs" wrap="wrap" data-testid="network-legend">
              {(['party', 'member', 'counterparty'] as const).map((role) => (
                <HStack key={role} gap="1.5">
                  <Box w="3" h="3" rounded="full" bg={role === 'party' ? 'brand.solid' : role === 'member' ? 'orange.700' : 'gray.600'} aria-hidden />
                  <Text>
                    <FormattedMessage id={`transactions.network.role_${role}`} />
                  </Text>
                </HStack>
              ))}
              <HStack gap="1.5">
                <Box w="3" h="3" rounded="full" borderWidth="2px" borderColor="red.500" aria-hidden />
                <Text>
                  <FormattedMessage id="transactions.network.flagged" />
                </Text>
              </HStack>
            </HStack>
          </Tabs.Content>
          <Tabs.Content value="table">
            <Stack gap="4">
              <Box overflowX="auto">
                <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'transactions.alert.network_accounts' })} data-testid="network-accounts">
                  <Table.Header>
                    <Table.Row>
                      {['account', 'role', 'flagged'].map((k) => (
                        <Table.ColumnHeader key={k}>
                          <FormattedMessage id={`transactions.network.col_${k}`} />
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {network.nodes.map((n) => (
                      <Table.Row key={n.id}>
                        <Table.Cell>
                          <Party name={n.label !== n.id ? n.label : null} account={n.id} />
                        </Table.Cell>
                        <Table.Cell>
                          <FormattedMessage id={`transactions.network.role_${n.role}`} />
                        </Table.Cell>
                        <Table.Cell>{n.flagged ? <FormattedMessage id="transactions.network.yes" /> : <FormattedMessage id="transactions.network.no" />}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
              <Box overflowX="auto">
                <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'transactions.alert.network_flows' })} data-testid="network-flows">
                  <Table.Header>
                    <Table.Row>
                      {['from', 'to', 'count', 'amount'].map((k) => (
                        <Table.ColumnHeader key={k} textAlign={k === 'count' || k === 'amount' ? 'end' : 'start'}>
                          <FormattedMessage id={`transactions.network.col_${k}`} />
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {network.edges.map((e, i) => (
                      <Table.Row key={i}>
                        <Table.Cell>
                          <Party name={names.get(e.from) !== e.from ? names.get(e.from) : null} account={e.from} />
                        </Table.Cell>
                        <Table.Cell>
                          <Party name={names.get(e.to) !== e.to ? names.get(e.to) : null} account={e.to} />
                        </Table.Cell>
                        <Table.Cell textAlign="end">{intl.formatNumber(e.count)}</Table.Cell>
                        <Table.Cell textAlign="end">
                          <Money amount={e.amount} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </TitledCard>
  );
}

function Transactions({ detail }: { detail: AlertDetail }) {
  const intl = useIntl();
  return (
    <TitledCard title={<FormattedMessage id="transactions.alert.transactions" values={{ count: detail.transaction_count }} />} titleSize="md">
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'transactions.alert.transactions' }, { count: detail.transaction_count })} data-testid="alert-transactions">
          <Table.Header>
            <Table.Row>
              {['fields.reference_id', 'fields.created_at', 'listing.amount_method', 'listing.parties', 'fields.status'].map((k) => (
                <Table.ColumnHeader key={k} textAlign={k === 'listing.amount_method' ? 'end' : 'start'}>
                  <FormattedMessage id={`transactions.${k}`} />
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {detail.transactions.map((t) => (
              <Table.Row key={t.id} data-testid="alert-transaction">
                <Table.Cell>
                  <Link href={transactionPath(t.reference_id)}>
                    <Text as="span" color="brand.fg" whiteSpace="nowrap">
                      <Code>{t.reference_id}</Code>
                    </Text>
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  <WhenStacked at={t.occurred_at} />
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Stack gap="0.5" align="flex-end">
                    <Money amount={t.amount} currency={t.currency} strong />
                    <DirectionLabel value={t.direction} compact />
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  <Stack gap="0.5" fontSize="sm" maxW="56">
                    <Text truncate title={t.remitter_account ?? undefined}>
                      {t.remitter_name ? <Name>{t.remitter_name}</Name> : <Code>{t.remitter_account}</Code>}
                    </Text>
                    <HStack gap="1" minW="0">
                      <DirectionalIcon>
                        <LuArrowRight aria-hidden />
                      </DirectionalIcon>
                      <Text truncate title={t.beneficiary_account ?? undefined}>
                        {t.beneficiary_name ? <Name>{t.beneficiary_name}</Name> : <Code>{t.beneficiary_account}</Code>}
                      </Text>
                    </HStack>
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  <TxStatusBadge value={t.status} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </TitledCard>
  );
}

function Timeline({ items }: { items: AlertTimelineItem[] }) {
  const intl = useIntl();
  return (
    <TitledCard title={<FormattedMessage id="transactions.alert.timeline" />} titleSize="md">
      <Stack as="ol" gap="0" listStyleType="none" data-testid="alert-timeline">
        {items.map((item, i) => (
          <HStack as="li" key={i} align="start" gap="3" py="2" borderBottomWidth={i < items.length - 1 ? '1px' : 0} data-testid={item.kind === 'event' ? 'timeline-event' : 'timeline-transaction'} data-action={item.kind === 'event' ? item.event.action : undefined}>
            <Box w="2.5" h="2.5" mt="1.5" rounded="full" flexShrink={0} bg={item.kind === 'event' ? 'brand.solid' : 'gray.400'} aria-hidden />
            <Stack gap="0" flex="1" minW="0">
              {item.kind === 'event' ? (
                <>
                  <Text fontSize="sm">
                    <FormattedMessage
                      id={`transactions.alert.event_${item.event.action}`}
                      values={{
                        actor: item.event.actor ? <Name>{item.event.actor.name}</Name> : intl.formatMessage({ id: 'transactions.alert.system' }),
                        from: item.event.from_status ? tmLabel(intl, 'workflow', item.event.from_status) : '—',
                        to: item.event.to_status ? tmLabel(intl, 'workflow', item.event.to_status) : '—',
                        note: item.event.note ?? '',
                      }}
                    />
                  </Text>
                  {item.event.note && item.event.action !== 'commented' && item.event.action !== 'raised' && (
                    <Text fontSize="sm" color="fg.muted" fontStyle="italic">
                      <Name>{item.event.note}</Name>
                    </Text>
                  )}
                </>
              ) : (
                <Text fontSize="sm">
                  <FormattedMessage
                    id="transactions.alert.timeline_transaction"
                    values={{ reference: <Code>{item.transaction.reference_id}</Code>, amount: <Money amount={item.transaction.amount} currency={item.transaction.currency} /> }}
                  />
                </Text>
              )}
              <Text fontSize="xs" color="fg.muted">
                <When at={item.at} />
              </Text>
            </Stack>
          </HStack>
        ))}
      </Stack>
    </TitledCard>
  );
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="28" flexShrink={0}>
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue minW="0">
        <Box minW="0" maxW="full" overflowWrap="anywhere">
          {children ?? <Text color="fg.muted">—</Text>}
        </Box>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function Facts({ detail }: { detail: AlertDetail }) {
  const intl = useIntl();
  return (
    <TitledCard title={<FormattedMessage id="transactions.alert.facts" />} titleSize="md" data-testid="alert-facts">
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <Fact label={<FormattedMessage id="transactions.alerts.col_party" />}>
          <Party name={detail.party_name} account={detail.party_key} />
        </Fact>
        <Fact label={<FormattedMessage id="transactions.alerts.col_rules" />}>{detail.matched_rules.length ? <Name>{detail.matched_rules.map((r) => r.name).join(', ')}</Name> : null}</Fact>
        <Fact label={<FormattedMessage id="transactions.alerts.col_channel" />}>{detail.channel ? <Code>{detail.channel}</Code> : null}</Fact>
        <Fact label={<FormattedMessage id="transactions.alerts.col_counterparty" />}>{detail.counterparty ? <Code>{detail.counterparty}</Code> : null}</Fact>
        <Fact label={<FormattedMessage id="transactions.alerts.col_triggered" />}>
          <Text as="span" fontWeight="semibold" data-testid="alert-triggered-count">
            {intl.formatNumber(detail.triggered_count)}
          </Text>
        </Fact>
        <Fact label={<FormattedMessage id="transactions.alerts.col_created" />}>
          <When at={detail.created_at} />
        </Fact>
        <Fact label={<FormattedMessage id="transactions.alerts.col_updated" />}>
          <When at={detail.updated_at} />
        </Fact>
        {detail.closed_at && (
          <Fact label={<FormattedMessage id="transactions.alert.closed_at" />}>
            <When at={detail.closed_at} />
          </Fact>
        )}
      </DataList.Root>
    </TitledCard>
  );
}

function Assignment({ actor, detail }: { actor: ReturnType<typeof useAlertActor>; detail: AlertDetail }) {
  const intl = useIntl();
  const me = useSession(selectUser);
  const assigning = useSelector(actor, sel.selectAssigning);
  const users = useResource<{ data: { _id?: string; id?: string; name: string }[] }>('/transactions/alerts-assignees');
  // The organisation's active users; oneself and the current assignee are offered even before the list arrives.
  const options = useMemo(() => {
    const list = (users.data?.data ?? []).map((u) => ({ value: String(u._id ?? u.id), label: u.name }));
    if (me && !list.some((u) => u.value === me._id)) list.unshift({ value: me._id, label: me.name });
    if (detail.assignee && !list.some((u) => u.value === detail.assignee!.id)) list.push({ value: detail.assignee.id, label: detail.assignee.name });
    return list;
  }, [users.data, me, detail.assignee]);
  return (
    <TitledCard title={<FormattedMessage id="transactions.alert.assignment" />} titleSize="md">
      <Field.Root>
        <Field.Label>
          <FormattedMessage id="transactions.alerts.col_assignee" />
        </Field.Label>
        <NativeSelect.Root size="sm" disabled={assigning}>
          <NativeSelect.Field value={detail.assignee?.id ?? ''} onChange={(e) => actor.send({ type: 'ASSIGN', assignee_id: e.target.value || null })} data-testid="alert-assignee">
            <option value="">{intl.formatMessage({ id: 'transactions.alerts.unassigned' })}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>
          <FormattedMessage id="transactions.alert.assignment_help" />
        </Field.HelperText>
      </Field.Root>
    </TitledCard>
  );
}

function Comments({ actor, detail }: { actor: ReturnType<typeof useAlertActor>; detail: AlertDetail }) {
  const intl = useIntl();
  const comment = useSelector(actor, sel.selectComment);
  return (
    <TitledCard title={<FormattedMessage id="transactions.alert.comments" values={{ count: detail.comments.length }} />} titleSize="md">
      <Stack gap="3">
        {detail.comments.length === 0 && (
          <HStack gap="2" color="fg.muted" fontSize="sm">
            <LuMessageSquare aria-hidden />
            <Text>
              <FormattedMessage id="transactions.alert.no_comments" />
            </Text>
          </HStack>
        )}
        <Stack as="ul" gap="2" listStyleType="none" data-testid="alert-comments">
          {detail.comments.map((c) => (
            <Box as="li" key={c.id} borderWidth="1px" rounded="md" p="2" data-testid="alert-comment">
              <HStack justify="space-between" fontSize="xs" color="fg.muted" gap="2">
                <Text>{c.author ? <Name>{c.author.name}</Name> : '—'}</Text>
                <When at={c.created_at} />
              </HStack>
              <Text fontSize="sm" whiteSpace="pre-wrap">
                <Name>{c.text}</Name>
              </Text>
            </Box>
          ))}
        </Stack>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'POST_COMMENT' });
          }}
        >
          <Field.Root invalid={Boolean(comment.problem)}>
            <Field.Label>
              <FormattedMessage id="transactions.alert.add_comment" />
            </Field.Label>
            <Textarea name="comment" dir="auto" rows={3} value={comment.text} maxLength={TM_ALERT_LIMITS.comment.max + 20} onChange={(e) => actor.send({ type: 'COMMENT_TEXT', text: e.target.value })} data-testid="alert-comment-text" />
            {comment.problem && <Field.ErrorText data-testid="field-error">{messageById(comment.problem)}</Field.ErrorText>}
          </Field.Root>
          {comment.error && (
            <Box mt="2">
              <ServerError message={comment.error.message} code={comment.error.code} />
            </Box>
          )}
          <Button type="submit" size="sm" mt="2" colorPalette="brand" loading={comment.sending} data-testid="alert-comment-post">
            <LuMessageSquare /> <FormattedMessage id="transactions.alert.post_comment" />
          </Button>
        </form>
        <Text fontSize="xs" color="fg.muted">
          {intl.formatMessage({ id: 'transactions.alert.comment_rule' }, { min: TM_ALERT_LIMITS.comment.min, max: TM_ALERT_LIMITS.comment.max })}
        </Text>
      </Stack>
    </TitledCard>
  );
}
