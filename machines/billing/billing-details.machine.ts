/**
 * The billing details on Manage Payments (the company, e-mail and address printed on invoices, and a VAT
 * number): a form statechart (machines/forms/form.machine.ts) checked before sending with the API's own schema
 * (BillingDetailsBody), so a problem shows under its field without a round trip and the API never disagrees.
 * It opens on the details stored (or, before any are, the organisation's name); the view supplies the request
 * and the snack bar of a success with .provide().
 */
import type { BillingDetails } from '../../common/billing';
import { BillingDetailsBody, trimmedOrNull } from '../../common/schemas/billing';
import { defineForm } from '../forms/form.machine';
import type { BillingDetailsField, BillingDetailsValues } from './billing-details.types';
export type * from './billing-details.types';

export const EMPTY_BILLING_DETAILS: BillingDetailsValues = {
  company_name: '',
  billing_email: '',
  address_line1: '',
  address_line2: '',
  city: '',
  postcode: '',
  country: '',
  vat_number: '',
};

/** The fields in the order the form shows them; a refusal naming one of them shows under it. */
export const BILLING_DETAILS_FIELDS: readonly BillingDetailsField[] = ['company_name', 'billing_email', 'address_line1', 'address_line2', 'city', 'postcode', 'country', 'vat_number'];

/** The request body: text trimmed, blanks of the optional fields as null. */
export function billingDetailsBody(values: BillingDetailsValues): BillingDetails {
  return {
    company_name: values.company_name.trim(),
    billing_email: values.billing_email.trim(),
    address_line1: values.address_line1.trim(),
    address_line2: trimmedOrNull(values.address_line2),
    city: values.city.trim(),
    postcode: values.postcode.trim(),
    country: values.country.trim(),
    vat_number: trimmedOrNull(values.vat_number),
  };
}

/** The stored details as the form edits them; before any are stored, the organisation's name and the user's e-mail. */
export function billingDetailsValues(details: BillingDetails | null, fallback: { company_name?: string; billing_email?: string } = {}): BillingDetailsValues {
  if (!details) return { ...EMPTY_BILLING_DETAILS, company_name: fallback.company_name ?? '', billing_email: fallback.billing_email ?? '' };
  return { ...details, address_line2: details.address_line2 ?? '', vat_number: details.vat_number ?? '' };
}

export const billingDetailsMachine = defineForm<BillingDetailsValues>('billing/billing-details', EMPTY_BILLING_DETAILS, {
  schema: BillingDetailsBody,
  body: billingDetailsBody,
});
