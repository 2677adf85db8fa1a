/** A readable line about what an audit event changed, from its recorded details. */
import type { IntlShape } from 'react-intl';
import type { AuditEvent } from './api';

const permissionLabel = (intl: IntlShape, name: string) => intl.formatMessage({ id: `roles.permission.${name}`, defaultMessage: name });

export function actionLabel(intl: IntlShape, action: string): string {
  // Areas other than administration record their own actions; an unknown one shows as recorded.
  return intl.formatMessage({ id: `audit.action.${action.replace(/\./g, '_')}`, defaultMessage: action });
}

export function describeEvent(intl: IntlShape, event: AuditEvent): string {
  const d = event.details ?? {};
  const parts: string[] = [];
  switch (event.action) {
    case 'auth.login':
      if (d.method) parts.push(intl.formatMessage({ id: `audit.method.${d.method}`, defaultMessage: String(d.method) }));
      break;
    case 'auth.login_failed':
      if (d.reason) parts.push(intl.formatMessage({ id: `audit.reason.${d.reason}`, defaultMessage: String(d.reason) }));
      break;
    case 'user.created':
      parts.push(`${d.name ?? ''} <${d.email ?? ''}>`, intl.formatMessage({ id: 'audit.detail.role' }, { role: d.role ?? '' }));
      break;
    case 'user.updated':
      if (d.email) parts.push(String(d.email));
      for (const [field, change] of Object.entries((d.changes ?? {}) as Record<string, { from: unknown; to: unknown }>)) {
        parts.push(intl.formatMessage({ id: 'audit.detail.change' }, { field: intl.formatMessage({ id: `audit.field.${field}`, defaultMessage: field }), from: String(change.from ?? ''), to: String(change.to ?? '') }));
      }
      break;
    case 'user.email_change_requested':
    case 'user.email_changed': {
      const change = { field: intl.formatMessage({ id: 'audit.field.email' }), from: String(d.from ?? d.email ?? ''), to: String(d.to ?? '') };
      parts.push(intl.formatMessage({ id: 'audit.detail.change' }, change));
      break;
    }
    case 'user.deleted':
      parts.push(`${d.name ?? ''} <${d.email ?? ''}>`);
      break;
    case 'user.activated':
    case 'user.deactivated':
    case 'user.invitation_resent':
      if (d.email) parts.push(String(d.email));
      break;
    case 'user.profile_updated':
      if (d.name) parts.push(String(d.name));
      break;
    case 'role.created':
      parts.push(String(d.name ?? ''), intl.formatMessage({ id: 'audit.detail.permission_count' }, { count: (d.permissions ?? []).length }));
      break;
    case 'role.renamed':
    case 'role.permissions_changed':
      parts.push(String(d.role ?? ''));
      if (d.name) parts.push(intl.formatMessage({ id: 'audit.detail.change' }, { field: intl.formatMessage({ id: 'audit.field.name' }), from: d.name.from, to: d.name.to }));
      if (d.added?.length) parts.push(intl.formatMessage({ id: 'audit.detail.added' }, { list: intl.formatList(d.added.map((p: string) => permissionLabel(intl, p))) }));
      if (d.removed?.length) parts.push(intl.formatMessage({ id: 'audit.detail.removed' }, { list: intl.formatList(d.removed.map((p: string) => permissionLabel(intl, p))) }));
      break;
    case 'role.deleted':
      parts.push(String(d.name ?? ''));
      if (d.users_moved) parts.push(intl.formatMessage({ id: 'audit.detail.users_moved' }, { count: d.users_moved, role: d.reassigned_to ?? '' }));
      break;
    default:
      break;
  }
  return parts.filter(Boolean).join(' · ');
}
