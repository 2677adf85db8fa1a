/** An organisation's billing details: the buyer its invoices are addressed to (one set per organisation). */
import type { BillingDetails } from '../../common/billing';
import type { OrgDb } from '../db/tenant';

const COLUMNS = 'd.company_name, d.billing_email, d.address_line1, d.address_line2, d.city, d.postcode, d.country, d.vat_number';

export async function readDetails(org: OrgDb): Promise<BillingDetails | null> {
  return (await org.one<BillingDetails>(`SELECT ${COLUMNS} FROM billing_details d WHERE d.organisation_id = $org`)) ?? null;
}

/** Saves the details (the first time or over the last ones) and answers them as stored. */
export async function saveDetails(tx: OrgDb, details: BillingDetails, userId: string | null): Promise<BillingDetails> {
  await tx.query(
    `INSERT INTO billing_details (organisation_id, company_name, billing_email, address_line1, address_line2, city, postcode, country, vat_number, updated_by)
     VALUES ($org, $1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (organisation_id) DO UPDATE SET company_name = EXCLUDED.company_name, billing_email = EXCLUDED.billing_email,
       address_line1 = EXCLUDED.address_line1, address_line2 = EXCLUDED.address_line2, city = EXCLUDED.city, postcode = EXCLUDED.postcode,
       country = EXCLUDED.country, vat_number = EXCLUDED.vat_number, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [details.company_name, details.billing_email, details.address_line1, details.address_line2, details.city, details.postcode, details.country, details.vat_number, userId],
  );
  return (await readDetails(tx))!;
}
