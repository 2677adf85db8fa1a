/**
 * Who issues the invoices: the operator of this installation of the product. Read from the environment
 * (README, "Configuration"), with placeholders that make an unconfigured installation's invoices plainly
 * unconfigured rather than addressed to someone real. The bank account's IBAN and BIC are null when unset:
 * each place that shows them words their absence itself (a placeholder text would be English everywhere and
 * would repeat the label it stands beside).
 */
export interface Seller {
  name: string;
  /** Address lines as printed. */
  address: string[];
  email: string;
  vatNumber: string | null;
  /** Where a bank transfer goes; iban and bic null while not configured. */
  bank: { accountName: string; iban: string | null; bic: string | null };
}

/** BILLING_SELLER_ADDRESS separates its lines with semicolons or new lines. */
const lines = (text: string) =>
  text
    .split(/[;\n]/)
    .map((l) => l.trim())
    .filter(Boolean);

export function sellerFromEnv(env: NodeJS.ProcessEnv = process.env): Seller {
  const name = env.BILLING_SELLER_NAME?.trim() || 'Open AML';
  return {
    name,
    address: lines(env.BILLING_SELLER_ADDRESS ?? '').length ? lines(env.BILLING_SELLER_ADDRESS!) : ['Address not configured'],
    email: env.BILLING_SELLER_EMAIL?.trim() || 'billing@openaml.invalid',
    vatNumber: env.BILLING_SELLER_VAT_NUMBER?.trim() || null,
    bank: {
      accountName: env.BILLING_BANK_ACCOUNT_NAME?.trim() || name,
      iban: env.BILLING_BANK_IBAN?.trim() || null,
      bic: env.BILLING_BANK_BIC?.trim() || null,
    },
  };
}
