/** The billing and credits calls as the billing screens use them (common/billing.ts has the answers' shapes). */
import type { BillingAnswer, BillingDetails, CreditsSummaryAnswer, Invoice, PlansAnswer } from '@common/billing';
import type { ChoosePlanAnswer, ChoosePlanInput } from '@machines/billing/plans.machine';
import type { TopUpAnswer, TopUpInput } from '@machines/billing/top-up.machine';
import type { LedgerPage } from '@machines/billing/credits-usage.machine';
import { api, downloadFile } from '../../lib/api';

export interface InvoicePage {
  data: Invoice[];
  total: number;
  page: number;
  page_size: number;
}

export interface SavedDetailsAnswer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
}

export const billingApi = {
  plans: () => api.get<PlansAnswer>('/plans'),
  choosePlan: (body: ChoosePlanInput) => api.post<ChoosePlanAnswer>('/plans/choose', { ...body }),
  billing: () => api.get<BillingAnswer>('/billing'),
  saveDetails: (details: BillingDetails) => api.put<SavedDetailsAnswer>('/billing/details', { ...details }),
  topUp: (body: TopUpInput) => api.post<TopUpAnswer>('/billing/top-ups', { ...body }),
  invoicePdf: (invoice: Pick<Invoice, 'id' | 'number'>) => downloadFile(`/billing/invoices/${encodeURIComponent(invoice.id)}/pdf`, {}, `invoice-${invoice.number}.pdf`),
  summary: (query: { from: string; to: string }) => api.get<CreditsSummaryAnswer>('/credits/summary', query),
  ledger: (query: Record<string, string | number>) => api.get<LedgerPage>('/credits/ledger', query),
  exportLedger: (query: Record<string, string>, format: 'csv' | 'xlsx') => downloadFile('/credits/ledger/export', { ...query, format }, `credit-ledger.${format}`),
};
