/**
 * /manage-payments (plan billing, update_payment_method; without a plan the guard sends to /plans): the plan
 * in force with a way to change it, the billing details printed on invoices, how payment is collected (an
 * invoice paid by bank transfer, with the instructions the API gives), buying credit top-ups, and the
 * invoices with their PDFs (the invoices' page in the address).
 */
import { Box, Button, Card, Grid, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { LuLandmark } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { CURRENCY, type BillingAnswer, type BillingDetails } from '@common/billing';
import { billingDetailsValues } from '@machines/billing/billing-details.machine';
import { invoicesQuery, searchFromView, viewFromSearch } from '@machines/billing/invoices-address';
import { selectOrganisation, selectUser } from '@machines/session/session.selectors';
import { useSession } from '../../app/useSession';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { useResource } from '../../lib/useResource';
import type { InvoicePage } from './api';
import { BillingDetailsForm } from './BillingDetailsForm';
import { InvoicesTable } from './InvoicesTable';
import { planLabel } from './labels';
import { TopUpCard } from './TopUpCard';

function useInvoicesPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const view = useMemo(() => viewFromSearch(search), [search]);
  const go = useCallback((page: number) => {
    const q = searchFromView({ page });
    navigate(`/manage-payments${q ? `?${q}` : ''}`);
  }, [navigate]);
  return { view, go };
}

function PaymentMethod({ method }: { method: BillingAnswer['payment_method'] }) {
  return (
    <TitledCard title={<FormattedMessage id="billing.payment_method.title" />} data-testid="payment-method">
      <Stack gap="3">
        <HStack gap="3" align="start">
          <Box color="brand.solid" pt="0.5" aria-hidden>
            <LuLandmark size="20" />
          </Box>
          <Stack gap="1">
            <Text fontWeight="medium" data-testid="payment-method-type">
              <FormattedMessage id={method.type === 'invoice' ? 'billing.payment_method.invoice' : 'billing.payment_method.other'} />
            </Text>
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="billing.payment_method.invoice_body" />
            </Text>
          </Stack>
        </HStack>
        {method.instructions && (
          <Box as="pre" dir="auto" fontFamily="inherit" fontSize="sm" whiteSpace="pre-wrap" bg="bg.muted" rounded="l2" px="3" py="2" data-testid="payment-instructions">
            {method.instructions}
          </Box>
        )}
      </Stack>
    </TitledCard>
  );
}

export default function ManagePaymentsPage() {
  const intl = useIntl();
  const organisation = useSession(selectOrganisation);
  const user = useSession(selectUser);
  const billing = useResource<BillingAnswer>('/billing');
  const countries = useResource<{ data: { code: string; name: string }[] }>('/countries');
  const { view, go } = useInvoicesPage();
  const invoices = useResource<InvoicePage>('/billing/invoices', invoicesQuery(view));
  // A saved form opens again on what was saved (its own statechart ends in "succeeded").
  const [saved, setSaved] = useState<{ details: BillingDetails; version: number } | null>(null);
  const reloadBilling = billing.reload;
  const reloadInvoices = invoices.reload;
  const onSaved = useCallback(
    (details: BillingDetails) => {
      setSaved((s) => ({ details, version: (s?.version ?? 0) + 1 }));
      reloadBilling();
    },
    [reloadBilling],
  );
  const answer = billing.data;
  const codes = countries.data?.data.map((c) => c.code) ?? [];
  const plan = answer?.plan ?? organisation?.plan_details?.plan_name ?? null;

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.manage_payments" />}
        description={<FormattedMessage id="billing.payments.description" />}
        actions={
          <Button variant="outline" asChild>
            <Link href="/credits-usage">
              <FormattedMessage id="nav.item.credits_usage" />
            </Link>
          </Button>
        }
      />
      <Stack gap="5">
        {billing.error && <ServerError message={billing.error.message} code={billing.error.code} />}
        <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
          <TitledCard title={<FormattedMessage id="billing.details.title" />} data-testid="billing-details">
            {answer && countries.data ? (
              <BillingDetailsForm
                key={saved?.version ?? 0}
                initial={billingDetailsValues(saved?.details ?? answer.details, { company_name: organisation?.name, billing_email: user?.email })}
                countries={codes}
                onSaved={onSaved}
              />
            ) : (
              <Skeleton height="64" />
            )}
          </TitledCard>
          <Stack gap="5">
            <Card.Root data-testid="current-plan-card">
              <Card.Body>
                <HStack justify="space-between" gap="3" wrap="wrap">
                  <Stack gap="0.5">
                    <Text fontSize="sm" color="fg.muted">
                      <FormattedMessage id="billing.payments.plan" />
                    </Text>
                    <Text fontWeight="semibold" fontSize="lg" data-testid="payments-plan">
                      {plan ? planLabel(intl, plan) : '—'}
                    </Text>
                  </Stack>
                  <Button size="sm" variant="outline" asChild>
                    <Link href="/plans">
                      <FormattedMessage id="billing.payments.change_plan" />
                    </Link>
                  </Button>
                </HStack>
              </Card.Body>
            </Card.Root>
            {answer ? <PaymentMethod method={answer.payment_method} /> : <Skeleton height="40" />}
          </Stack>
        </Grid>
        {answer && <TopUpCard packs={answer.top_up_packs} currency={CURRENCY} onInvoiced={reloadInvoices} />}
        <TitledCard title={<FormattedMessage id="billing.invoices.title" />} data-testid="invoices">
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="billing.invoices.note" />
            </Text>
            <InvoicesTable list={invoices} page={view.page} onPage={go} />
          </Stack>
        </TitledCard>
      </Stack>
    </Stack>
  );
}
