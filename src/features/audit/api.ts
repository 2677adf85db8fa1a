/** The audit-history and feedback calls as the audit screen uses them. */
import type { AuditCategory } from '@common/schemas/admin';
import type { Filters, Page } from '@machines/shared/list.machine';
import { api, downloadFile } from '../../lib/api';

export interface AuditEvent {
  id: string;
  created_at: string;
  action: string;
  actor: { id: string | null; name: string | null; email: string | null };
  target: { type: string; id: string | null } | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, any>;
}

export interface FeedbackEntry {
  id: string;
  user_name: string;
  user_email: string;
  message: string;
  page: string | null;
  created_at: string;
}

export type AuditFilterValues = { category: AuditCategory | ''; actor: string; from: string; to: string };

/** Only filled filters travel, with the browser's time zone so "today" means the reader's today. */
function query(filters: Filters) {
  const filled = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
  return { ...filled, tz_offset: new Date().getTimezoneOffset() };
}

export const loadAudit = ({ filters, page, pageSize }: { filters: Filters; page: number; pageSize: number }) =>
  api.get<Page<AuditEvent>>('/audit-history', { ...query(filters), page, page_size: pageSize });

export const exportAudit = (filters: Filters) => downloadFile('/download-audit-history', query(filters), 'audit-history.csv');

export const loadFeedback = ({ page, pageSize }: { page: number; pageSize: number }) => api.get<Page<FeedbackEntry>>('/customer-feedback', { page, page_size: pageSize });
