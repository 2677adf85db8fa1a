/**
 * The billing details printed on invoices (company, billing e-mail, address, country, VAT number), edited in
 * a form statechart checked with the API's own schema (machines/billing/billing-details.machine.ts). It opens
 * on the details stored, or on the organisation's name and the user's e-mail before any are.
 */
import { Button, Fieldset, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import type { BillingDetails } from '@common/billing';
import { BILLING_DETAILS_FIELDS, billingDetailsBody, billingDetailsMachine, type BillingDetailsField, type BillingDetailsValues } from '@machines/billing/billing-details.machine';
import { selectBusy, selectFieldError, selectFormError, selectValues } from '@machines/forms/form.selectors';
import { CountryPicker } from '../../components/CountryPicker';
import { FormField } from '../../components/FormField';
import { ServerError } from '../../components/ServerError';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { billingApi, type SavedDetailsAnswer } from './api';

const PLACED = BILLING_DETAILS_FIELDS;

/** The stored details in a save's answer (done('billing_details_saved', details)). */
function pickDetails(result: unknown): Partial<BillingDetails> {
  const answer = (result ?? {}) as Record<string, unknown>;
  return Object.fromEntries(PLACED.filter((f) => f in answer).map((f) => [f, answer[f]])) as Partial<BillingDetails>;
}

interface Props {
  initial: BillingDetailsValues;
  countries: string[];
  /** A save went through: the page opens the form again on what was saved. */
  onSaved: (details: BillingDetails) => void;
}

export function BillingDetailsForm({ initial, countries, onSaved }: Props) {
  const intl = useIntl();
  // Provided once per form: its success tells the page, which opens a fresh form on the saved details.
  const [machine] = useState(() =>
    billingDetailsMachine.provide({
      actors: { submit: fromPromise(({ input }) => billingApi.saveDetails(billingDetailsBody(input as BillingDetailsValues))) },
      actions: {
        notify: (_, { result }) => {
          const answer = result as SavedDetailsAnswer;
          notify.success(messageText(answer.code, answer.message ?? '', answer.values));
        },
        // The answer carries the details as stored (postcode and VAT number normalised): the form opens again on them.
        navigate: ({ context }, { result }) => onSaved({ ...billingDetailsBody(context.values as BillingDetailsValues), ...pickDetails(result) }),
      },
    }),
  );
  const form = useActorRef(machine, { input: { values: initial }, inspect });
  const values = useSelector(form, selectValues<BillingDetailsValues>);
  const busy = useSelector(form, selectBusy);
  const formError = useSelector(form, (s) => selectFormError(s, PLACED));
  const errors = useSelector(
    form,
    (s) => Object.fromEntries(PLACED.map((f) => [f, selectFieldError(s, f)])),
    (a, b) => PLACED.every((f) => a[f] === b[f]),
  );
  const edit = (field: BillingDetailsField, value: string, check = false) => form.send({ type: 'EDIT', field, value, check });
  const label = (id: string) => intl.formatMessage({ id });

  // Names and addresses keep their own direction ("12 Quay Street" on an Arabic page); e-mail and VAT numbers are left to right.
  const text = (field: BillingDetailsField, extra: { autoComplete?: string; type?: string; dir?: 'ltr'; required?: boolean; helper?: string } = {}) => (
    <FormField label={<FormattedMessage id={`billing.details.${field}`} />} error={errors[field]} required={extra.required} helper={extra.helper && <FormattedMessage id={extra.helper} />}>
      <Input name={field} type={extra.type} dir={extra.dir ?? 'auto'} autoComplete={extra.autoComplete ?? 'off'} value={values[field]} onChange={(e) => edit(field, e.target.value)} />
    </FormField>
  );

  return (
    <form
      noValidate
      data-testid="billing-details-form"
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'SUBMIT' });
      }}
    >
      <Stack gap="5">
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="medium">
            <FormattedMessage id="billing.details.company" />
          </Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="2">
            {text('company_name', { autoComplete: 'organization', required: true })}
            {text('billing_email', { autoComplete: 'email', type: 'email', dir: 'ltr', required: true })}
            {text('vat_number', { dir: 'ltr', helper: 'billing.details.vat_help' })}
          </SimpleGrid>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="medium">
            <FormattedMessage id="billing.details.address" />
          </Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="2">
            {text('address_line1', { autoComplete: 'address-line1', required: true })}
            {text('address_line2', { autoComplete: 'address-line2' })}
            {text('city', { autoComplete: 'address-level2', required: true })}
            {text('postcode', { autoComplete: 'postal-code', required: true })}
            <FormField label={<FormattedMessage id="billing.details.country" />} error={errors.country} required>
              <CountryPicker
                name="country"
                label={label('billing.details.country')}
                multiple={false}
                codes={countries}
                value={values.country ? [values.country] : []}
                onChange={(v) => edit('country', v[0] ?? '', true)}
                placeholder={label('billing.details.choose_country')}
              />
            </FormField>
          </SimpleGrid>
        </Fieldset.Root>
        <ServerError message={formError?.message ?? null} code={formError?.code} />
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={busy} data-testid="save-billing-details">
            <FormattedMessage id="billing.details.save" />
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
