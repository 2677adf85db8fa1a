/** The audit history as CSV, safe to open in a spreadsheet. */
import Papa from 'papaparse';
import type { AuditView } from './query';

/**
 * A cell starting with = + - @ (or a tab or carriage return) would run as a
 * formula in a spreadsheet; a leading apostrophe makes it plain text (OWASP "CSV injection").
 */
export const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const AUDIT_CSV_COLUMNS = ['time', 'actor_name', 'actor_email', 'action', 'target_type', 'target_id', 'ip_address', 'user_agent', 'details'] as const;

export function auditCsv(events: AuditView[]): string {
  const rows = events.map((e) =>
    [e.created_at, e.actor.name ?? '', e.actor.email ?? '', e.action, e.target?.type ?? '', e.target?.id ?? '', e.ip ?? '', e.user_agent ?? '', JSON.stringify(e.details)].map(
      (cell) => neutraliseFormula(String(cell)),
    ),
  );
  // A byte-order mark so spreadsheet programs read names in every script as UTF-8.
  return `\uFEFF${Papa.unparse({ fields: [...AUDIT_CSV_COLUMNS], data: rows }, { newline: '\r\n' })}\r\n`;
}
