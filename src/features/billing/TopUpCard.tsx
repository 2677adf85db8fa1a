/**
 * Buying credits: a kind and a number of packs with the price they come to, then a confirmation that repeats
 * what is bought, what it costs and that the credits are added once the invoice is paid. The flow is the
 * top-up statechart (machines/billing/top-up.machine.ts); a success reloads the invoices table.
 */
import { Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { LuShoppingCart } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { CREDIT_KINDS, INVOICE_TERMS_DAYS, MAX_TOP_UP_PACKS, type CreditKind, type TopUpPack } from '@common/billing';
import { topUpMachine } from '@machines/billing/top-up.machine';
import { selectBuying, selectConfirmOpen, selectKind, selectPacks, selectPacksProblem, selectRefusal, topUpQuote } from '@machines/billing/top-up.selectors';
import { ActionDialog } from '../../components/ActionDialog';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/Select';
import { TitledCard } from '../../components/TitledCard';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { billingApi } from './api';
import { kindLabel, money } from './labels';

interface Props {
  packs: readonly TopUpPack[];
  currency: string;
  /** A top-up was invoiced: the invoices table loads again. */
  onInvoiced: () => void;
}

export function TopUpCard({ packs, currency, onInvoiced }: Props) {
  const intl = useIntl();
  const invoiced = useRef(onInvoiced);
  invoiced.current = onInvoiced;
  const [machine] = useState(() =>
    topUpMachine.provide({
      actors: { buy: fromPromise(({ input }) => billingApi.topUp(input)) },
      actions: {
        notify: (_, { answer }) => notify.success(messageText(answer.code, answer.message ?? '', answer.values)),
        invoiced: () => invoiced.current(),
      },
    }),
  );
  const topUp = useActorRef(machine, { inspect });
  const kind = useSelector(topUp, selectKind);
  const packCount = useSelector(topUp, selectPacks);
  const problem = useSelector(topUp, selectPacksProblem);
  const open = useSelector(topUp, selectConfirmOpen);
  const buying = useSelector(topUp, selectBuying);
  const refusal = useSelector(topUp, selectRefusal);
  const quote = topUpQuote({ kind, packs: packCount }, packs);
  const offered = CREDIT_KINDS.filter((k) => packs.some((p) => p.kind === k));
  const packOf = (k: CreditKind) => packs.find((p) => p.kind === k)!;

  return (
    <TitledCard title={<FormattedMessage id="billing.top_up.title" />} data-testid="top-up">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          topUp.send({ type: 'REVIEW' });
        }}
      >
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="billing.top_up.description" />
          </Text>
          <Flex gap="4" wrap="wrap" align="start">
            <Stack flex="2" minW="56">
              <SelectField
                label={<FormattedMessage id="billing.top_up.kind" />}
                name="kind"
                data-testid="top-up-kind"
                value={kind}
                onChange={(e) => topUp.send({ type: 'EDIT', kind: e.target.value as CreditKind })}
                options={offered.map((k) => ({
                  value: k,
                  label: intl.formatMessage({ id: 'billing.top_up.pack_option' }, { kind: kindLabel(intl, k), credits: packOf(k).credits, price: money(intl, packOf(k).price_cents, currency) }),
                }))}
              />
            </Stack>
            <Stack flex="1" minW="32">
              <FormField label={<FormattedMessage id="billing.top_up.packs" />} error={problem} helper={<FormattedMessage id="billing.top_up.packs_help" values={{ max: MAX_TOP_UP_PACKS }} />}>
                <Input name="packs" inputMode="numeric" dir="ltr" autoComplete="off" maxLength={3} value={packCount} onChange={(e) => topUp.send({ type: 'EDIT', packs: e.target.value })} data-testid="top-up-packs" />
              </FormField>
            </Stack>
          </Flex>
          <Flex justify="space-between" align="center" gap="4" wrap="wrap">
            <Text fontWeight="medium" data-testid="top-up-quote" aria-live="polite">
              {quote ? (
                <FormattedMessage id="billing.top_up.quote" values={{ credits: quote.credits, kind: kindLabel(intl, kind), price: money(intl, quote.price_cents, currency) }} />
              ) : (
                <Text as="span" color="fg.muted">
                  —
                </Text>
              )}
            </Text>
            <Button type="submit" colorPalette="brand" data-testid="top-up-buy">
              <LuShoppingCart /> <FormattedMessage id="billing.top_up.buy" />
            </Button>
          </Flex>
        </Stack>
      </form>
      <ActionDialog
        open={open}
        busy={buying}
        testId="top-up-confirm"
        title={<FormattedMessage id="billing.top_up.confirm_title" />}
        submitLabel={<FormattedMessage id="billing.top_up.confirm_submit" />}
        error={refusal ?? undefined}
        onSubmit={() => topUp.send({ type: 'CONFIRM' })}
        onClose={() => topUp.send({ type: 'CANCEL' })}
      >
        {quote && (
          <Stack gap="3" fontSize="sm">
            <Text data-testid="top-up-confirm-quote">
              <FormattedMessage
                id="billing.top_up.confirm_body"
                values={{ packs: quote.packs, credits: quote.credits, kind: kindLabel(intl, kind), price: money(intl, quote.price_cents, currency) }}
              />
            </Text>
            <Text>
              <FormattedMessage id="billing.top_up.confirm_terms" values={{ days: INVOICE_TERMS_DAYS }} />
            </Text>
          </Stack>
        )}
      </ActionDialog>
    </TitledCard>
  );
}
