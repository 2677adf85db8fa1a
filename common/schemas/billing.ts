/**
 * Request schemas of the billing calls (docs/billing.md): choosing a plan, the billing details printed on
 * invoices, the invoice list and buying a top-up. The details' rules are plain functions like those of
 * common/validation.ts, so the Manage Payments form reads each field's problem from the same schema the API
 * parses with; the e-mail is the e-mail rule of section 5 and the country goes through the shared country
 * resolver (a code or a country's name in any of the six languages).
 */
import { nullable, object, optional, refine, type Infer } from 'superstruct';
import { CREDIT_KINDS, MAX_TOP_UP_PACKS } from '../billing';
import { isCountryCode } from '../countries';
import type { MessageId } from '../messages';
import { PLAN_NAMES } from '../organisation';
import { validateEmail, type Rule } from '../validation';
import { countryField } from './countries';
import { INPUT_LIMITS, ruled, ruledIfPresent, textOrNumber } from './core';
import { PageQuery } from './paging';

/** Lengths of the billing details' fields. */
export const BILLING_LIMITS = {
  companyName: { min: 2, max: 100 },
  addressLine: { max: 200 },
  city: { max: 100 },
  postcode: { max: 20 },
} as const;

/** Characters that mean markup or code; none belongs in an address printed on an invoice. */
const MARKUP = /[<>{}[\]\\`|^~=$]|[\u0000-\u001f\u007f]/;

/** A required line of text of at most max characters, without markup. */
const requiredLine = (max: number, length: MessageId): Rule => (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length > max) return length;
  if (MARKUP.test(v)) return 'billing_text_characters';
  return null;
};

export const validateCompanyName: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < BILLING_LIMITS.companyName.min || v.length > BILLING_LIMITS.companyName.max) return 'billing_company_name_length';
  if (!/\p{L}/u.test(v) || MARKUP.test(v)) return 'billing_text_characters';
  return null;
};

export const validateAddressLine: Rule = requiredLine(BILLING_LIMITS.addressLine.max, 'billing_address_length');

/** The second address line may be left empty. */
export const validateAddressLine2: Rule = (value) => ((value ?? '').trim() ? validateAddressLine(value) : null);

export const validateCity: Rule = requiredLine(BILLING_LIMITS.city.max, 'billing_city_length');

/** Postcodes of every country: letters, digits, spaces and hyphens, 2 to 20 of them ("SW1A 1AA", "75008", "LV-1050"). */
export const validatePostcode: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < 2 || v.length > BILLING_LIMITS.postcode.max || !/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(v)) return 'billing_postcode_invalid';
  return null;
};

/**
 * A VAT number may be left empty; otherwise a two-letter country prefix and 2 to 13 letters or digits (the EU's
 * VIES format, "DE123456789"; spaces, dots and hyphens people type are ignored).
 */
export const validateVatNumber: Rule = (value) => {
  const v = normaliseVatNumber(value ?? '');
  if (!v) return null;
  return /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(v) ? null : 'billing_vat_invalid';
};

export const normaliseVatNumber = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** An optional text field: absent, null or blank all mean "none". */
const optionalText = (rule: Rule, name: string) => optional(nullable(ruledIfPresent(rule, name, INPUT_LIMITS.ruled)));

/** A country that resolves to a real ISO 3166 code. */
const billingCountry = refine(countryField(), 'country', (v) => isCountryCode(v) || 'invalid_country');

export const BillingDetailsBody = object({
  company_name: ruled(validateCompanyName, 'company_name'),
  billing_email: ruled(validateEmail, 'billing_email', INPUT_LIMITS.email),
  address_line1: ruled(validateAddressLine, 'address_line1'),
  address_line2: optionalText(validateAddressLine2, 'address_line2'),
  city: ruled(validateCity, 'city'),
  postcode: ruled(validatePostcode, 'postcode'),
  country: billingCountry,
  vat_number: optionalText(validateVatNumber, 'vat_number'),
});
export type BillingDetailsValue = Infer<typeof BillingDetailsBody>;

export const validatePlanName: Rule = (value) => ((PLAN_NAMES as readonly string[]).includes((value ?? '').trim()) ? null : 'plan_invalid');

export const ChoosePlanBody = object({ plan_name: ruled(validatePlanName, 'plan_name', INPUT_LIMITS.short) });
export type ChoosePlanValue = Infer<typeof ChoosePlanBody>;

export const validateTopUpKind: Rule = (value) => ((CREDIT_KINDS as readonly string[]).includes((value ?? '').trim()) ? null : 'top_up_kind_invalid');

/** Whole packs, 1 to MAX_TOP_UP_PACKS. */
export const validateTopUpPacks: Rule<string | number> = (value) => {
  const v = String(value ?? '').trim();
  if (!v) return 'required';
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > MAX_TOP_UP_PACKS) return 'top_up_packs_range';
  return null;
};

export const TopUpBody = object({
  kind: ruled(validateTopUpKind, 'kind', INPUT_LIMITS.short),
  // Form data sends digits as text and JSON as a number: both are read as the text the rule checks.
  packs: textOrNumber(ruled(validateTopUpPacks, 'packs', INPUT_LIMITS.short)),
});
export type TopUpValue = Infer<typeof TopUpBody>;

export const InvoiceListQuery = PageQuery;

/** Blank text as null, other text trimmed. */
export const trimmedOrNull = (value: string | null | undefined) => {
  const v = (value ?? '').trim();
  return v ? v : null;
};

/** The details as stored: trimmed, the VAT number in its plain form, blanks as null. */
export function normaliseBillingDetails(value: BillingDetailsValue) {
  return {
    company_name: value.company_name.trim(),
    billing_email: value.billing_email.trim(),
    address_line1: value.address_line1.trim(),
    address_line2: trimmedOrNull(value.address_line2),
    city: value.city.trim(),
    postcode: value.postcode.trim().toUpperCase(),
    country: value.country.trim().toUpperCase(),
    vat_number: trimmedOrNull(value.vat_number) && normaliseVatNumber(value.vat_number!),
  };
}
