/**
 * Transaction monitoring's calls as its screens use them (docs/transaction-monitoring.md; section 7's
 * transactions, transactions/list, transactions/alerts, transactions/customers-list, update).
 */
import { fromCallback } from 'xstate';
import type { AlertDetail, AlertRow, BacktestAnswer, RuleRow, RuleStatus } from '@common/tm-alerts';
import type { CustomerProfile, CustomerRow, TransactionAmlCase, TransactionDetail, TransactionPage, TransactionRow, TransactionUploadAnswer } from '@common/transactions';
import type { AlertAnswer, CommentAnswer, MoveRequest } from '@machines/transactions/alert-workflow.machine';
import type { BacktestRequest, SaveAnswer, SaveRequest } from '@machines/transactions/rule-builder.machine';
import type { StatusAnswer } from '@machines/transactions/rules-list.machine';
import type { DecideAnswer, DecideInput } from '@machines/transactions/transaction.machine';
import type { TransactionUploadEvent, UploadFile } from '@machines/transactions/transaction-upload.machine';
import type { TmListKind } from '@machines/transactions/list-query';
import type { TmAnswer } from '@machines/transactions/views';
import { api, downloadFile } from '../../lib/api';
import { uploadForm } from '../../lib/upload';

const enc = encodeURIComponent;

/** Where each list's rows come from. */
const LIST_PATHS: Record<TmListKind, string> = {
  transactions: '/transactions/list',
  customers: '/transactions/customers-list',
  alerts: '/transactions/alerts',
};

export const tmApi = {
  list: <Row>(kind: TmListKind, query: Record<string, unknown>) => api.get<TransactionPage<Row>>(LIST_PATHS[kind], query),
  transactions: (query: Record<string, unknown>) => api.get<TransactionPage<TransactionRow>>('/transactions/list', query),
  exportTransactions: (query: Record<string, unknown>, format: 'csv' | 'xlsx') => downloadFile('/transactions/export', { ...query, format }, `transactions.${format}`),
  uploadTemplate: (format: 'csv' | 'xlsx') => downloadFile('/transactions/upload-template', { format }, `transactions-template.${format}`),
  detail: (reference: string) => api.get<TransactionDetail>(`/transactions/detail/${enc(reference)}`),
  amlCases: async (reference: string) => {
    const answer = await api.get<TransactionAmlCase[] | { data: TransactionAmlCase[] }>(`/transactions/detail/${enc(reference)}/aml-cases`);
    return Array.isArray(answer) ? answer : answer.data;
  },
  decide: (body: DecideInput) => api.post<DecideAnswer>('/update', { ...body }),

  customer: (customerId: string) => api.get<CustomerProfile>(`/transactions/customers/${enc(customerId)}`),
  customers: (query: Record<string, unknown>) => api.get<TransactionPage<CustomerRow>>('/transactions/customers-list', query),

  rules: async () => {
    const answer = await api.get<RuleRow[] | { data: RuleRow[] }>('/transaction-monitoring/rules');
    return Array.isArray(answer) ? answer : answer.data;
  },
  setRuleStatus: (id: string, status: RuleStatus) => api.post<StatusAnswer>(`/transaction-monitoring/rules/${enc(id)}/status`, { status }),
  saveRule: ({ id, ...body }: SaveRequest) =>
    id ? api.put<SaveAnswer>(`/transaction-monitoring/rules/${enc(id)}`, { ...body }) : api.post<SaveAnswer>('/transaction-monitoring/rules', { ...body }),
  backtest: (body: BacktestRequest) => api.post<BacktestAnswer>('/transaction-monitoring/rules/backtest', { ...body }),

  alerts: (query: Record<string, unknown>) => api.get<TransactionPage<AlertRow>>('/transactions/alerts', query),
  alert: (alertId: string) => api.get<AlertDetail>(`/transactions/alerts/${enc(alertId)}`),
  moveAlert: ({ alert_id, ...body }: MoveRequest) => api.post<AlertAnswer>(`/transactions/alerts/${enc(alert_id)}/workflow`, { ...body }),
  assignAlert: ({ alert_id, assignee_id }: { alert_id: string; assignee_id: string | null }) => api.post<AlertAnswer>(`/transactions/alerts/${enc(alert_id)}/assign`, { assignee_id }),
  commentAlert: ({ alert_id, text }: { alert_id: string; text: string }) => api.post<CommentAnswer>(`/transactions/alerts/${enc(alert_id)}/comments`, { text }),
};

/** The upload call of the "Upload transactions" dialog: progress, then the stored answer or the refusal. */
export const uploadTransactions = fromCallback<TransactionUploadEvent, { file: UploadFile }>(({ input, sendBack }) =>
  uploadForm<TransactionUploadAnswer>({
    path: '/transactions/upload',
    fields: {},
    file: input.file as File,
    onProgress: (loaded, total) => sendBack({ type: 'UPLOAD_PROGRESS', loaded, total }),
    onUploaded: () => sendBack({ type: 'UPLOADED' }),
    onAnswer: (answer) => sendBack({ type: 'STORED', answer }),
    onFailure: (error) => sendBack({ type: 'REFUSED', error }),
  }),
);

export type { TmAnswer };
