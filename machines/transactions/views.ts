/**
 * Transaction monitoring's answers as the screens read them. The shapes the API shares with the screens live in
 * common/ (transactions.ts: transactions and customers; tm-alerts.ts: rules, alerts, backtests; tm-rules.ts: the
 * rule language); they are re-exported here for the machines and views, with the few enumerations the lists'
 * addresses allow.
 */
export {
  TRANSACTION_STATUSES as TX_STATUSES,
  TRANSACTION_DIRECTIONS as TX_DIRECTIONS,
  TRANSACTION_SORTS as TX_SORTS,
  CUSTOMER_SORTS,
  CUSTOMER_RISK_LEVELS,
  ANALYST_STATUSES,
  type AnalystStatus,
  type TransactionRow,
  type TransactionDetail,
  type TransactionAmlCase,
  type TransactionStatus,
  type CustomerRow,
  type CustomerProfile,
  type TransactionPage,
  type TransactionUploadAnswer,
  type TransactionUploadProblem,
  type AppliedRule,
  type PartyScreening,
} from '../../common/transactions';
export {
  ALERT_LEVELS,
  ALERT_WORKFLOW_STATUSES,
  ALERT_SORTS,
  RULE_STATUSES,
  type AlertRow,
  type AlertDetail,
  type AlertWorkflowStatus,
  type RuleRow,
  type RuleStatus,
  type BacktestAnswer,
} from '../../common/tm-alerts';

/** An answer that carries a message (done()): its id, its English text and the values it names. */
export interface TmAnswer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
}
