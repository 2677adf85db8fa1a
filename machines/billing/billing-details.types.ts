/** Types of the billing details form (billing-details.machine.ts). */

/** The fields as the form holds them: text, blank for "none"; the country as its ISO code. */
export type BillingDetailsValues = {
  company_name: string;
  billing_email: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postcode: string;
  country: string;
  vat_number: string;
};

export type BillingDetailsField = keyof BillingDetailsValues;
