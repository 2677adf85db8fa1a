/** The audit history as CSV, safe to open in a spreadsheet. */
import Papa from 'papaparse';
import { neutralise } from '../../common/spreadsheet';
import type { AuditView } from './query';


export const AUDIT_CSV_COLUMNS = ['time', 'actor_name', 'actor_email', 'action', 'target_type', 'target_id', 'ip_address', 'user_agent', 'details'] as const;

export function auditCsv(events: AuditView[]): string {
  const rows = events.map((e) =>
    [e.created_at, e.actor.name ?? '', e.actor.email ?? '', e.action, e.target?.type ?? '', e.target?.id ?? '', e.ip ?? '', e.user_agent ?? '', JSON.stringify(e.details)].map(
      (cell) => neutralise(String(cell)),
    ),
  );
  // A byte-order mark so spreadsheet programs read names in every script as UTF-8.
  return `\uFEFF${Papa.unparse({ fields: [...AUDIT_CSV_COLUMNS], data: rows }, { newline: '\r\n' })}\r\n`;
}
