/**
 * The validation rules of section 5 as plain functions: each returns the id of
 * the first failed rule, or null. Forms call them for field errors; the API's
 * superstruct schemas (common/schemas) call the same functions, so the browser
 * and the server can never disagree about what is valid.
 */
import { LIMITS } from './constants';
import { ENTITY_TYPES } from './enums';
import type { MessageId } from './messages';

export type Rule<T = string> = (value: T) => MessageId | null;

const LETTER = /\p{L}/u;

export const validateSearchTerm: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < LIMITS.searchTerm.min || v.length > LIMITS.searchTerm.max) return 'search_term_length';
  if (!LETTER.test(v)) return 'search_term_letter';
  return null;
};

/** Year of birth or incorporation: at most 4 digits, above 1900, not in the future. */
export function validateYear(value: string | number, now = new Date()): MessageId | null {
  const v = String(value ?? '').trim();
  if (!v) return null;
  if (!/^\d{1,4}$/.test(v)) return 'year_digits';
  const year = Number(v);
  if (year <= LIMITS.yearMin) return 'year_min';
  if (year > now.getFullYear()) return 'year_future';
  return null;
}

export const validateDay: Rule<string | number> = (value) => {
  const v = String(value ?? '').trim();
  if (!v) return null;
  if (!/^\d{1,2}$/.test(v) || Number(v) < 1 || Number(v) > 31) return 'invalid_day';
  return null;
};

export const validateMonth: Rule<string | number> = (value) => {
  const v = String(value ?? '').trim();
  if (!v) return null;
  if (!/^\d{1,2}$/.test(v) || Number(v) < 1 || Number(v) > 12) return 'invalid_month';
  return null;
};

/** A calendar date typed as YYYY-MM-DD (date filters): format, day, month, not in the future. */
export function validateFilterDate(value: string, now = new Date()): MessageId | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec((value ?? '').trim());
  if (!m) return 'invalid_format';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return 'invalid_month';
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return 'invalid_day';
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  if (Date.UTC(year, month - 1, day) > today) return 'future_date';
  return null;
}

/** Person names in settings and the user form. */
export const validatePersonName: Rule = (value) => {
  const v = value ?? '';
  if (!v.trim()) return 'name_required';
  if (v !== v.trim()) return 'name_spaces';
  if (v.length < LIMITS.personName.min || v.length > LIMITS.personName.max) return 'name_length';
  // Letters, spaces, apostrophes, hyphens and dots cover real names in every script we serve.
  if (!/^[\p{L}\p{M}' .-]+$/u.test(v)) return 'name_characters';
  if (!/^\p{L}/u.test(v) || !/\p{L}$/u.test(v)) return 'name_letters';
  return null;
};

/** Role names (role management): required, 2 to 50 characters, letters, digits, spaces and - _ & ( ) . / only. */
export const validateRoleName: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < LIMITS.roleName.min || v.length > LIMITS.roleName.max) return 'role_name_length';
  if (!/^[\p{L}\p{M}\p{N} _&().\/-]+$/u.test(v)) return 'role_name_characters';
  return null;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const validateEmail: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'email_required';
  if (v.length > 254 || !EMAIL.test(v)) return 'email_invalid';
  return null;
};

export const validatePassword: Rule = (value) => {
  const v = value ?? '';
  if (!v) return 'password_required';
  if (v.length < LIMITS.password.min || v.length > LIMITS.password.max || !/\p{L}/u.test(v) || !/\d/.test(v)) return 'password_weak';
  return null;
};

export const validateOtpCode: Rule = (value) => (/^\d{6}$/.test((value ?? '').trim()) ? null : 'otp_format');

export const validateNationalId: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return null;
  return /^\d{13}$/.test(v) ? null : 'national_id_digits';
};

export const validateProfileTitle: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < LIMITS.profileTitle.min || v.length > LIMITS.profileTitle.max) return 'profile_title_length';
  if (!/^[\p{L}\p{N} ]+$/u.test(v)) return 'profile_title_characters';
  return null;
};

const COMMENT_FORBIDDEN = /[()[\]{}<>]/;
export function validateComment(value: string, max: number = LIMITS.comment.max): MessageId | null {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < LIMITS.comment.min) return 'comment_length_min';
  if (v.length > max) return 'comment_length_max';
  if (COMMENT_FORBIDDEN.test(v)) return 'comment_characters';
  return null;
}

export const validateDeletionReason: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < LIMITS.deletionReason.min) return 'reason_min';
  if (v.length > LIMITS.deletionReason.max) return 'reason_max';
  return null;
};

/**
 * Bulk search batch name: required, 2 to 100 characters, no leading or trailing space, no angle brackets
 * or control characters. Manage Case finds a batch's cases by this name, so it is shown and typed often.
 */
export const validateBatchName: Rule = (value) => {
  const raw = value ?? '';
  const v = raw.trim();
  if (!v) return 'batch_name_required';
  if (v.length < LIMITS.batchName.min || v.length > LIMITS.batchName.max) return 'batch_name_length';
  if (raw !== v || /[<>\p{Cc}]/u.test(v)) return 'batch_name_characters';
  return null;
};

export const validateFeedback: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'feedback_required';
  if (v.length < LIMITS.feedback.min) return 'feedback_min';
  if (v.length > LIMITS.feedback.max) return 'feedback_max';
  return null;
};

export const validateMatchScore: Rule<number | string> = (value) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? null : 'match_score_range';
};

export function validateFaceImage(file: { size: number; type: string }): MessageId | null {
  if (!(LIMITS.faceImageTypes as readonly string[]).includes(file.type)) return 'incorrect_file_format';
  if (file.size > LIMITS.faceImageBytes) return 'file_size_limit_exceeds';
  return null;
}

export const validateEntityType: Rule = (value) => ((ENTITY_TYPES as readonly string[]).includes((value ?? '').trim()) ? null : 'entity_type_required');

/** Birth or incorporation date given as separate parts: each part's rule, then that the parts make a real date. */
export function validateBirthDate(parts: { day?: string | number; month?: string | number; year?: string | number }, now = new Date()): { field: 'birth_day' | 'birth_month' | 'birth_year'; rule: MessageId } | null {
  const year = validateYear(parts.year ?? '', now);
  if (year) return { field: 'birth_year', rule: year };
  const month = validateMonth(parts.month ?? '');
  if (month) return { field: 'birth_month', rule: month };
  const day = validateDay(parts.day ?? '');
  if (day) return { field: 'birth_day', rule: day };
  const d = Number(parts.day || 0);
  const m = Number(parts.month || 0);
  const y = Number(parts.year || 0);
  if (d && m) {
    // Without a year, 29 February is still a real date.
    const daysInMonth = new Date(Date.UTC(y || 2000, m, 0)).getUTCDate();
    if (d > daysInMonth) return { field: 'birth_day', rule: 'invalid_day' };
  }
  if (d && m && y && Date.UTC(y, m - 1, d) > Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())) return { field: 'birth_day', rule: 'future_date' };
  return null;
}

/** Custom date range of a filter: both dates valid, not in the future, start not after end. */
export function validateDateRange(from: string, to: string, now = new Date()): { field: 'date_from' | 'date_to'; rule: MessageId } | null {
  if (!(from ?? '').trim() || !(to ?? '').trim()) return { field: !(from ?? '').trim() ? 'date_from' : 'date_to', rule: 'date_range_required' };
  const a = validateFilterDate(from, now);
  if (a) return { field: 'date_from', rule: a };
  const b = validateFilterDate(to, now);
  if (b) return { field: 'date_to', rule: b };
  if (from.trim() > to.trim()) return { field: 'date_from', rule: 'date_range_order' };
  return null;
}

export const validateClientReference: Rule = (value) => ((value ?? '').trim().length > 100 ? 'client_reference_length' : null);
export const validateUniqueIdentifier: Rule = (value) => ((value ?? '').trim().length > 200 ? 'identifier_length' : null);
