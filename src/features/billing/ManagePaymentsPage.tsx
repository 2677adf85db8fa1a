/**
 * /manage-payments (plan billing, update_payment_method; without a plan the guard sends to /plans): the plan
 * in force with a way to change it, the billing details printed on invoices, how payment is collected (an
 * invoice paid by bank transfer, worded from the account details the API gives), buying credit top-ups, and the
 * invoices with their PDFs (the invoices' page in the address).
 */
import { Box, Button, Card, DataList, Grid, HStack, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { LuLandmark } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { CURRENCY, paysByInvoice, type BillingAnswer, type BillingDetails, type InvoicePaymentMethod, type PaymentMethod as PaymentMethodAnswer } from '@common/billing';
import { billingDetailsValues } from '@machines/billing/billing-details.machine';
import { invoicesQuery, searchFromView, viewFromSearch } from '@machines/billing/invoices-address';
import { selectOrganisation, selectUser } from '@machines/session/session.selectors';
import { useSession } from '../../app/useSession';
import { Name } from '../../components/Name';
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

/** A label and a value of the bank account; the value (an IBAN, a name) keeps its own direction. */
function AccountItem({ label, testId, children }: { label: ReactNode; testId: string; children: ReactNode }) {
  return (
    <DataList.Item alignItems="baseline">
      <DataList.ItemLabel flex="0 0 40%">{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>
        <Name>{children}</Name>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/**
 * How to pay, worded here from the collector's data: the terms, the account holder, and the IBAN and BIC the
 * operator has configured; while neither is, where to ask for them (the address printed on every invoice).
 */
function BankTransfer({ method }: { method: InvoicePaymentMethod }) {
  return (
    <Stack gap="2" fontSize="sm" bg="bg.muted" rounded="l2" px="3" py="2" data-testid="payment-instructions">
      <Text>
        <FormattedMessage id="billing.payment_method.transfer" values={{ days: method.terms_days }} />
      </Text>
      <DataList.Root orientation="horizontal" size="md" gap="1.5">
        <AccountItem label={<FormattedMessage id="billing.payment_method.payee" />} testId="payment-payee">
          {method.payee}
        </AccountItem>
        {method.iban && (
          <AccountItem label={<FormattedMessage id="billing.payment_method.iban" />} testId="payment-iban">
            {method.iban}
          </AccountItem>
        )}
        {method.bic && (
          <AccountItem label={<FormattedMessage id="billing.payment_method.bic" />} testId="payment-bic">
            {method.bic}
          </AccountItem>
        )}
      </DataList.Root>
      {!method.iban && !method.bic && (
        <Text data-testid="payment-bank-details-request">
          <FormattedMessage
            id="billing.payment_method.bank_details_request"
            values={{
              email: (
                <ChakraLink href={`mailto:${method.email}`} colorPalette="brand" data-testid="payment-email">
                  <Name>{method.email}</Name>
                </ChakraLink>
              ),
            }}
          />
        </Text>
      )}
      <Text color="fg.muted">
        <FormattedMessage id="billing.payment_method.recorded" />
      </Text>
    </Stack>
  );
}

function PaymentMethod({ method }: { method: PaymentMethodAnswer }) {
  const invoice = paysByInvoice(method) ? method : null;
  return (
    <TitledCard title={<FormattedMessage id="billing.payment_method.title" />} data-testid="payment-method">
      <Stack gap="3">
        <HStack gap="3" align="start">
          <Box color="brand.solid" pt="0.5" aria-hidden>
            <LuLandmark size="20" />
          </Box>
          <Stack gap="1">
            <Text fontWeight="medium" data-testid="payment-method-type">
              <FormattedMessage id={invoice ? 'billing.payment_method.invoice' : 'billing.payment_method.other'} />
            </Text>
            {invoice && (
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="billing.payment_method.invoice_body" />
              </Text>
            )}
          </Stack>
        </HStack>
        {invoice && <BankTransfer method={invoice} />}
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
