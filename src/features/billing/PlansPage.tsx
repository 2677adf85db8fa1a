/**
 * /plans (plan billing, update_payment_method): the basic and plus plans side by side, each with its monthly
 * price, monthly credits of each kind, daily search limit and the features of section 2's plan restrictions,
 * included or not; the current plan is marked. Choose (no plan yet), Upgrade or Downgrade opens a confirmation
 * that says what changes at once (features gained and lost), that an invoice is issued and that the plan's
 * credits are added once it is paid. A success shows a snack bar and refreshes the session, so the menu shows or
 * hides the plan's features at once. A plan-billing organisation without a plan lands here. The flow is the
 * plans statechart (machines/billing/plans.machine.ts).
 */
import { Alert, Badge, Box, Button, Card, HStack, Heading, List, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { LuCheck, LuX } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { CREDIT_KINDS, INVOICE_TERMS_DAYS, PLAN_FEATURES, type PlansAnswer } from '@common/billing';
import { plansMachine } from '@machines/billing/plans.machine';
import {
  planMove,
  selectAnswer,
  selectChange,
  selectChoosing,
  selectConfirmOpen,
  selectFailed,
  selectInvoice,
  selectLoadError,
  selectRefusal,
  type PlanChange,
} from '@machines/billing/plans.selectors';
import { sessionActor } from '../../app/session';
import { ActionDialog } from '../../components/ActionDialog';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { inspect } from '../../lib/inspector';
import { getIntl, messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { billingApi } from './api';
import { featureLabel, kindLabel, money, planLabel } from './labels';

type OfferedPlan = PlansAnswer['plans'][number];

const machine = plansMachine.provide({
  actors: {
    load: fromPromise(() => billingApi.plans()),
    choose: fromPromise(({ input }) => billingApi.choosePlan(input)),
  },
  actions: {
    // The API names the plan in English; the snack bar names it in the user's language.
    notify: (_, { answer }) => notify.success(messageText(answer.code, answer.message ?? '', { ...answer.values, ...(answer.plan_name ? { plan: planLabel(getIntl(), answer.plan_name) } : {}) })),
    // The session reads its organisation again: the menu and the guards follow the new plan without a reload.
    refreshSession: () => sessionActor.send({ type: 'REFRESH' }),
  },
});

function PlanCard({ plan, answer, onChoose }: { plan: OfferedPlan; answer: PlansAnswer; onChoose: () => void }) {
  const intl = useIntl();
  const current = answer.current === plan.name;
  const from = answer.plans.find((p) => p.name === answer.current) ?? null;
  const move = planMove(from, plan);
  const titleId = `plan-${plan.name}-title`;
  return (
    <Card.Root
      as="section"
      aria-labelledby={titleId}
      data-testid={`plan-${plan.name}`}
      data-current={current ? 'true' : 'false'}
      borderColor={current ? 'brand.solid' : 'border'}
      boxShadow={current ? '0 0 0 1px var(--chakra-colors-brand-solid)' : undefined}
    >
      <Card.Header>
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="lg" id={titleId}>
              {planLabel(intl, plan.name)}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id={`billing.plans.tagline.${plan.name}`} />
            </Text>
          </Stack>
          {current && (
            <Badge colorPalette="brand" variant="solid" data-testid="current-plan">
              <FormattedMessage id="billing.plans.current" />
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body gap="5">
        <Text>
          <Text as="span" fontSize="3xl" fontWeight="bold" data-testid="plan-price">
            {money(intl, plan.price_cents, answer.currency)}
          </Text>{' '}
          <Text as="span" color="fg.muted">
            <FormattedMessage id="billing.plans.per_month" />
          </Text>
        </Text>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            <FormattedMessage id="billing.plans.monthly_credits" />
          </Heading>
          <List.Root variant="plain" gap="1" fontSize="sm">
            {CREDIT_KINDS.map((kind) => (
              <List.Item key={kind} justifyContent="space-between" display="flex" gap="4">
                <span>{kindLabel(intl, kind)}</span>
                <Text as="span" fontWeight="medium" data-testid={`plan-credits-${kind}`}>
                  {intl.formatNumber(plan.credits[kind])}
                </Text>
              </List.Item>
            ))}
            <List.Item justifyContent="space-between" display="flex" gap="4">
              <span>
                <FormattedMessage id="billing.plans.daily_limit" />
              </span>
              <Text as="span" fontWeight="medium" data-testid="plan-daily-limit">
                {plan.daily_search_limit === null ? (
                  <FormattedMessage id="billing.plans.no_daily_limit" />
                ) : (
                  <FormattedMessage id="billing.plans.searches_a_day" values={{ count: plan.daily_search_limit }} />
                )}
              </Text>
            </List.Item>
          </List.Root>
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            <FormattedMessage id="billing.plans.features" />
          </Heading>
          <List.Root variant="plain" gap="1.5" fontSize="sm">
            {PLAN_FEATURES.map((feature) => {
              const included = plan.features[feature];
              return (
                <List.Item key={feature} data-testid={`plan-feature-${feature}`} data-included={included ? 'true' : 'false'} color={included ? undefined : 'fg.muted'}>
                  <List.Indicator asChild color={included ? 'green.600' : 'fg.muted'}>
                    {included ? <LuCheck aria-hidden /> : <LuX aria-hidden />}
                  </List.Indicator>
                  <span>{featureLabel(intl, feature)}</span>
                  <VisuallyHidden>
                    <FormattedMessage id={included ? 'billing.plans.included' : 'billing.plans.not_included'} />
                  </VisuallyHidden>
                </List.Item>
              );
            })}
          </List.Root>
        </Stack>
      </Card.Body>
      <Card.Footer>
        {current ? (
          <Button w="full" variant="outline" disabled>
            <FormattedMessage id="billing.plans.current" />
          </Button>
        ) : (
          <Button w="full" colorPalette="brand" variant={move === 'downgrade' ? 'outline' : 'solid'} onClick={onChoose} data-testid={`plan-${plan.name}-${move}`}>
            <FormattedMessage id={`billing.plans.action.${move}`} values={{ plan: planLabel(intl, plan.name) }} />
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}

/** What the confirmation says: the features gained and lost at once, the invoice and when the credits come. */
function ChangeSummary({ change, currency }: { change: PlanChange; currency: string }) {
  const intl = useIntl();
  const list = (features: PlanChange['gained']) => intl.formatList(features.map((f) => featureLabel(intl, f)), { type: 'conjunction' });
  const credits = intl.formatList(
    CREDIT_KINDS.map((k) => `${intl.formatNumber(change.to.credits[k])} ${kindLabel(intl, k)}`),
    { type: 'conjunction' },
  );
  return (
    <Stack gap="3" fontSize="sm" data-testid="plan-change-summary">
      {change.gained.length > 0 && (
        <Text data-testid="plan-change-gained">
          <FormattedMessage id="billing.plans.confirm.gained" values={{ features: list(change.gained) }} />
        </Text>
      )}
      {change.lost.length > 0 && (
        <Text data-testid="plan-change-lost" color="fg.error">
          <FormattedMessage id="billing.plans.confirm.lost" values={{ features: list(change.lost) }} />
        </Text>
      )}
      {change.gained.length === 0 && change.lost.length === 0 && (
        <Text>
          <FormattedMessage id="billing.plans.confirm.same_features" />
        </Text>
      )}
      <Text>
        {change.to.daily_search_limit === null ? (
          <FormattedMessage id="billing.plans.confirm.no_limit" />
        ) : (
          <FormattedMessage id="billing.plans.confirm.limit" values={{ count: change.to.daily_search_limit }} />
        )}
      </Text>
      <Text data-testid="plan-change-invoice">
        <FormattedMessage id="billing.plans.confirm.invoice" values={{ price: money(intl, change.to.price_cents, currency), days: INVOICE_TERMS_DAYS }} />
      </Text>
      <Text>
        <FormattedMessage id="billing.plans.confirm.credits" values={{ credits }} />
      </Text>
    </Stack>
  );
}

export default function PlansPage() {
  const intl = useIntl();
  const plans = useActorRef(machine, { inspect });
  const answer = useSelector(plans, selectAnswer);
  const failed = useSelector(plans, selectFailed);
  const loadError = useSelector(plans, selectLoadError);
  const open = useSelector(plans, selectConfirmOpen);
  const choosing = useSelector(plans, selectChoosing);
  const change = useSelector(plans, selectChange);
  const refusal = useSelector(plans, selectRefusal);
  const invoice = useSelector(plans, selectInvoice);

  return (
    <Stack gap="0">
      <PageHeader title={<FormattedMessage id="nav.item.plans" />} description={<FormattedMessage id="billing.plans.description" />} />
      <Stack gap="5">
        {failed && (
          <Stack gap="2" align="start">
            <ServerError message={loadError?.message ?? null} code={loadError?.code} />
            <Button size="sm" variant="outline" onClick={() => plans.send({ type: 'RETRY' })}>
              <FormattedMessage id="admin.actions.retry" />
            </Button>
          </Stack>
        )}
        {answer && answer.current === null && (
          <Alert.Root status="info" data-testid="no-plan-yet">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <FormattedMessage id="billing.plans.no_plan_title" />
              </Alert.Title>
              <Alert.Description>
                <FormattedMessage id="billing.plans.no_plan_body" />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {invoice && (
          <Alert.Root status="success" data-testid="plan-invoice-issued">
            <Alert.Indicator />
            <Alert.Description>
              <FormattedMessage
                id="billing.plans.invoice_issued"
                values={{
                  number: <Name>{invoice.number}</Name>,
                  link: (chunks) => (
                    <Link href="/manage-payments" style={{ textDecoration: 'underline' }}>
                      {chunks}
                    </Link>
                  ),
                }}
              />
            </Alert.Description>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" maxW="5xl" data-testid="plans">
          {answer
            ? answer.plans.map((plan) => <PlanCard key={plan.name} plan={plan} answer={answer} onChoose={() => plans.send({ type: 'CHOOSE', plan: plan.name })} />)
            : !failed && [0, 1].map((i) => <Skeleton key={i} height="96" rounded="l3" />)}
        </SimpleGrid>
        <Box maxW="5xl">
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="billing.plans.footnote" values={{ days: INVOICE_TERMS_DAYS }} />
          </Text>
        </Box>
      </Stack>
      <ActionDialog
        open={open}
        busy={choosing}
        testId="plan-confirm"
        title={change && <FormattedMessage id={`billing.plans.confirm.title.${change.move}`} values={{ plan: planLabel(intl, change.to.name) }} />}
        submitLabel={change && <FormattedMessage id={`billing.plans.action.${change.move}`} values={{ plan: planLabel(intl, change.to.name) }} />}
        error={refusal ?? undefined}
        onSubmit={() => plans.send({ type: 'CONFIRM' })}
        onClose={() => plans.send({ type: 'CANCEL' })}
      >
        {change && answer && <ChangeSummary change={change} currency={answer.currency} />}
      </ActionDialog>
    </Stack>
  );
}
