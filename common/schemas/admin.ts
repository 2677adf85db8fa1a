/**
 * Request bodies and queries of the administration calls (section 7 "Roles and
 * users", notifications, customer-feedback, create-webhook-key, audit history).
 * Fields use the spec's words in snake_case; every text field is checked with
 * the same section-5 rule the forms use.
 */
import { array, coerce, defaulted, enums, integer, max, min, object, optional, size, string } from 'superstruct';
import { USER_STATUSES } from '../enums';
import { validateEmail, validateFeedback, validatePersonName, validateRoleName } from '../validation';
import { INPUT_LIMITS, MAX_LIST_ITEMS, formBoolean, requiredString, ruled, ruledIfPresent, text, unionOf } from './core';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are uuids; anything else cannot name a record, so callers answer 404 without asking the database. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const int = (lo: number, hi: number, fallback: number) =>
  defaulted(coerce(max(min(integer(), lo), hi), string(), (v) => Number(v)), fallback);
const paging = { page: int(1, 1_000_000, 1), page_size: int(1, 100, 20) };

/** A list of names that may arrive as JSON array, as repeated form fields (name[]) or as one string. */
const nameList = coerce(size(array(text(INPUT_LIMITS.short)), 0, MAX_LIST_ITEMS), string(), (v) => (v === '' ? [] : [v]));

// ---------------------------------------------------------------- Users

export const CreateUserBody = object({
  name: ruled(validatePersonName, 'name'),
  email: ruled(validateEmail, 'email'),
  role_id: requiredString('role_required'),
});

export const UpdateUserBody = object({
  user_id: requiredString('not_found'),
  name: optional(ruledIfPresent(validatePersonName, 'name')),
  /** A new sign-in e-mail: confirmed by its owner through a mailed link (docs/admin.md). */
  email: optional(ruledIfPresent(validateEmail, 'email')),
  role_id: optional(text(INPUT_LIMITS.id)),
  is_active: optional(formBoolean),
  /** Sends a fresh set-up link to a user who has not chosen a password yet. */
  resend_invitation: optional(formBoolean),
});

export const DeleteUserBody = object({ user_id: requiredString('not_found') });

/** confirm-email: the token from the link mailed to the new address. */
export const ConfirmEmailBody = object({ token: requiredString('token_is_incorrect', INPUT_LIMITS.token) });

/** get_all_users: every user of the organisation, a page at a time. */
export const AllUsersQuery = object({ ...paging });

/** users: the search of the users screen; at least one filter is required (section 5). */
export const UserSearchQuery = object({
  ...paging,
  name: optional(text(INPUT_LIMITS.short)),
  email: optional(text(INPUT_LIMITS.short)),
  role_id: optional(text(INPUT_LIMITS.id)),
  status: optional(unionOf([enums(USER_STATUSES), enums([''])])),
});
export type UserSearchFilters = { name?: string; email?: string; role_id?: string; status?: string };

/** True when the search names at least one filter (blank fields do not count). */
export function hasUserFilter(filters: UserSearchFilters): boolean {
  return [filters.name, filters.email, filters.role_id, filters.status].some((v) => typeof v === 'string' && v.trim() !== '');
}

// ---------------------------------------------------------------- Roles

export const CreateRoleBody = object({
  name: ruled(validateRoleName, 'role_name'),
  permissions: defaulted(nameList, []),
});

export const EditRoleBody = object({
  role_id: requiredString('not_found'),
  name: optional(ruledIfPresent(validateRoleName, 'role_name')),
  permissions: optional(nameList),
});

export const DeleteRoleBody = object({
  role_id: requiredString('not_found'),
  /** Where the role's users go; required when the role is in use. */
  reassign_to: optional(text(INPUT_LIMITS.id)),
});

export const RoleQuery = object({ role_id: requiredString('not_found') });

export const RoleListQuery = object({ ...paging, search: optional(text(INPUT_LIMITS.short)) });

// ---------------------------------------------------------------- Notifications

export const NotificationsQuery = object({
  ...paging,
  status: defaulted(enums(['all', 'unread']), 'all'),
});

/** edit-notification: one notification by id, or all of the caller's with all=true. */
export const EditNotificationBody = object({
  notification_id: optional(text(INPUT_LIMITS.id)),
  all: optional(formBoolean),
  is_read: defaulted(formBoolean, true),
});

// ---------------------------------------------------------------- Feedback

export const FeedbackBody = object({
  feedback: ruled(validateFeedback, 'feedback'),
  /** The screen the user was on, to give the feedback context. */
  page: optional(text(INPUT_LIMITS.short)),
});

export const FeedbackListQuery = object({ ...paging });

// ---------------------------------------------------------------- Web hook secret key

/** Sensitive actions ask for the password (section 5). */
export const CreateWebhookKeyBody = object({ password: requiredString('password_required', INPUT_LIMITS.password) });

// ---------------------------------------------------------------- Audit history

export const AUDIT_CATEGORIES = ['sign_in', 'users', 'roles', 'security', 'keys'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export const AuditQuery = object({
  ...paging,
  category: optional(unionOf([enums(AUDIT_CATEGORIES), enums([''])])),
  actor: optional(text(INPUT_LIMITS.short)),
  /** Calendar dates, YYYY-MM-DD, inclusive, in the browser's time zone (tz_offset). */
  from: optional(text(INPUT_LIMITS.short)),
  to: optional(text(INPUT_LIMITS.short)),
  /** Minutes to add to local time to get UTC, as Date.getTimezoneOffset() gives them. */
  tz_offset: optional(coerce(max(min(integer(), -840), 840), string(), (v) => Number(v))),
});

const { page: _page, page_size: _pageSize, ...auditFilters } = AuditQuery.schema;
export const AuditExportQuery = object(auditFilters);
export type AuditFilters = { category?: string; actor?: string; from?: string; to?: string; tz_offset?: number };
