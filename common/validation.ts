/**
 * The validation rules of section 5 as plain functions: each returns the id of
 * the first failed rule, or null. Forms call them for field errors; the API's
 * superstruct schemas (common/schemas) call the same functions, so the browser
 * and the server can never disagree about what is valid.
 */
import { LIMITS } from './constants';
import { CUSTOM_SOURCE_LIMITS } from './custom-sources';
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
  if (v.length > max) return max === LIMITS.listEntryComment.max ? 'list_comment_length_max' : 'comment_length_max';
  if (COMMENT_FORBIDDEN.test(v)) return 'comment_characters';
  return null;
}

/** A comment on a custom list entry: the comment rules with room for 1,000 characters (section 5). */
export const validateListEntryComment: Rule = (value) => validateComment(value, LIMITS.listEntryComment.max);

/**
 * Custom list names (section 5): required and not only spaces, 2 to 100 characters, no special
 * characters. Letters and digits of every script, spaces and the punctuation names of lists carry
 * ("PEP - EU (2026)", "Clients & partners", "Lista N.º 3") are allowed; symbols that mean markup or
 * code (< > { } [ ] \ ` | ^ ~ = * $ @ #) and control characters are not.
 */
export const validateCustomListName: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < LIMITS.customListName.min || v.length > LIMITS.customListName.max) return 'list_name_length';
  if (!/^[\p{L}\p{M}\p{N} _&().,'\/º°-]+$/u.test(v)) return 'list_name_characters';
  return null;
};

/** Custom list descriptions: as names, 2 to 300 characters, with sentence punctuation (: ; ! ? " % +) too. */
export const validateCustomListDescription: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < LIMITS.customListDescription.min || v.length > LIMITS.customListDescription.max) return 'list_description_length';
  if (!/^[\p{L}\p{M}\p{N}\s_&().,'\/º°:;!?"%+-]+$/u.test(v)) return 'list_description_characters';
  return null;
};

/** Full name of a custom list record: what a screening finds it by, so the search term's rules apply. */
export const validateListRecordName: Rule = (value) => validateSearchTerm(value);

/** Category of a custom list record (free text the organisation chooses: "fraud", "former client"): at most 100 characters. */
export const validateListRecordCategory: Rule = (value) => {
  const v = (value ?? '').trim();
  if (v.length > LIMITS.listRecordCategory) return 'list_category_length';
  if (/[<>\p{Cc}]/u.test(v)) return 'list_category_characters';
  return null;
};

/** Title and model name of a risk-scoring engine: required, 2 to 50 characters, letters, digits, spaces and - _ & ( ) . / only. */
export const validateRiskEngineTitle: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < LIMITS.riskEngineTitle.min || v.length > LIMITS.riskEngineTitle.max) return 'risk_title_length';
  if (!/^[\p{L}\p{M}\p{N} _&().\/-]+$/u.test(v)) return 'risk_title_characters';
  return null;
};

/**
 * A risk threshold (section 5: not zero; medium and high required): a number of points above zero and
 * at most 10,000, with up to two decimals. Blank passes here; whether it is required is the caller's rule.
 */
export const validateRiskThreshold: Rule<string | number> = (value) => {
  const v = String(value ?? '').trim();
  if (!v) return null;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(v)) return 'risk_threshold_number';
  const n = Number(v);
  if (n === 0) return 'risk_threshold_zero';
  if (n > LIMITS.riskPoints) return 'risk_threshold_number';
  return null;
};

/** A rule's weightage: a whole number of points from 1 to 10,000 (negative weights would make risk disappear). */
export const validateRiskWeightage: Rule<string | number> = (value) => {
  const v = String(value ?? '').trim();
  if (!v) return 'required';
  if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > LIMITS.riskPoints) return 'risk_weightage_range';
  return null;
};

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

/**
 * Web hook and API key names (section 5 "Web hook: name 2 to 50 characters, not only spaces, valid
 * format"; API keys are named by the same rule so the two integration lists read alike). The same
 * characters as a custom list name: letters and digits of every script, spaces and the punctuation
 * names carry; no markup or code symbols.
 */
export const validateIntegrationName: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < LIMITS.webhookName.min || v.length > LIMITS.webhookName.max) return 'integration_name_length';
  if (!/^[\p{L}\p{M}\p{N} _&().,'\/º°-]+$/u.test(v)) return 'integration_name_characters';
  return null;
};

/** API key validity (section 5): required, digits only, 1 to 365 days. */
export const validateApiKeyValidity: Rule<string | number> = (value) => {
  const v = String(value ?? '').trim();
  if (!v) return 'required';
  if (!/^\d+$/.test(v)) return 'api_key_validity_digits';
  const days = Number(v);
  if (days < LIMITS.apiKeyValidityDays.min || days > LIMITS.apiKeyValidityDays.max) return 'api_key_validity_range';
  return null;
};

/**
 * A web hook's endpoint (section 5 "endpoint a valid URL"): an absolute http or https URL with a host, at
 * most LIMITS.customSourceLinkMax characters (the custom source link's limit). Whether its address may be
 * reached is decided when each delivery is sent, after DNS resolution (docs/webhooks.md).
 */
export const validateWebhookEndpoint: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length > LIMITS.customSourceLinkMax) return 'webhook_endpoint_length';
  if (/\s/.test(v)) return 'webhook_endpoint_invalid';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'webhook_endpoint_invalid';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return 'webhook_endpoint_invalid';
  return null;
};

/** A web hook's type (section 5 "type required"; section 4: update or status change). */
export const validateWebhookType: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'webhook_type_required';
  return v === 'update' || v === 'status_change' ? null : 'webhook_type_required';
};

// Custom sources (section 5 "Custom source"; docs/custom-sources.md). The form and the API check with these.

/**
 * A custom source's publisher name: required, 2 to 100 characters, a letter at least, and the characters
 * publishers' names carry (letters and digits of every script, spaces, . , ' & ( ) - / : ! ? + #); no markup
 * or code symbols ('Invalid Publisher Name Format').
 */
export const validatePublisherName: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < CUSTOM_SOURCE_LIMITS.publisherName.min || v.length > CUSTOM_SOURCE_LIMITS.publisherName.max) return 'custom_source_name_length';
  if (!/\p{L}/u.test(v) || !/^[\p{L}\p{M}\p{N} .,'’&()\/:!?+#-]+$/u.test(v)) return 'invalid_publisher_name';
  return null;
};

/**
 * A custom source's link (the feed's address): required, at most LIMITS.customSourceLinkMax characters, an
 * absolute http or https URL with a host and without credentials (the table shows it to everyone), and no
 * scripts: no javascript:/vbscript:/data: anywhere, no < > " ` or spaces, and no "script" as a word of its
 * own ("…/script/…"; "manuscripts" and "typescript" are words of their own and pass). Whether its address
 * may be reached is decided at every read, after DNS (docs/webhooks.md, "Outbound safety").
 */
export const validateSourceLink: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length > LIMITS.customSourceLinkMax) return 'custom_source_link_length';
  if (/[\s<>"`\\]/.test(v) || /(javascript|vbscript|data)\s*:/i.test(v) || /(^|[^a-z])script([^a-z]|$)/i.test(v)) return 'invalid_link';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'invalid_link';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return 'invalid_link';
  return null;
};

/** How often a custom source is read, in minutes: required, digits only, 15 to 480 (section 9). */
export const validateFrequency: Rule<string | number> = (value) => {
  const v = String(value ?? '').trim();
  if (!v) return 'required';
  if (!/^\d+$/.test(v)) return 'custom_source_frequency_digits';
  const minutes = Number(v);
  if (minutes < LIMITS.customSourceFrequencyMinutes.min || minutes > LIMITS.customSourceFrequencyMinutes.max) return 'custom_source_frequency_range';
  return null;
};

/** A custom source's description: required, 2 to 300 characters. */
export const validateSourceDescription: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < CUSTOM_SOURCE_LIMITS.description.min || v.length > CUSTOM_SOURCE_LIMITS.description.max) return 'custom_source_description_length';
  return null;
};
