/** The states of section 4, in the spec's spelling (they are shown to users and sent over the API). */

export const CASE_STATUSES = ['Passed', 'Passed Conditionally', 'For Review', 'Failed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
/** Manage Case filters and its caseStatus query accept only these. */
export const CASE_FILTER_STATUSES = ['Passed', 'For Review', 'Failed'] as const;

export const MATCH_STATUSES = [
  'Potential Match',
  'No Match',
  'Match',
  'Unknown',
  'False Positive',
  'True Positive',
  'True Positive - Approve',
  'True Positive - Reject',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const RISK_LEVELS = ['High', 'Medium', 'Low', 'Whitelist', 'Unknown'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_DECISIONS = ['passed', 'for review', 'failed'] as const;
export const RISK_ENGINE_DECISIONS = ['blacklisted', 'whitelisted', 'low risk', 'medium risk', 'high risk'] as const;

export const TRANSACTION_STATUSES = [
  'created',
  'accepted',
  'rejected',
  'AML hold',
  'hold other',
  'under review',
  'deleted',
  'AML check failed',
] as const;
export const BATCH_STATUSES = ['Success', 'Deleted', 'Pending'] as const;
export const CUSTOM_SOURCE_STATUSES = ['In-Progress', 'In-Active', 'Live'] as const;
export const USER_STATUSES = ['active', 'inactive'] as const;
export const RULE_STATUSES = ['Enabled', 'Disabled'] as const;
export const WEBHOOK_TYPES = ['update', 'status change'] as const;

export const ENTITY_TYPES = ['person', 'company', 'location'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** The four screening databases of the UI. */
export const DATABASES = ['sanctions', 'pep', 'warnings_and_regulatory_enforcement', 'adverse_media'] as const;
export type Database = (typeof DATABASES)[number];

/** The organisation's own lists (section 3 "Custom list"): records to raise (blacklist) or to recognise as cleared (whitelist). */
export const CUSTOM_LIST_TYPES = ['blacklist', 'whitelist'] as const;
export type CustomListType = (typeof CUSTOM_LIST_TYPES)[number];

/**
 * Where a hit appears: one of the screening databases, or a custom list of the organisation, which
 * screening treats as a database of its own (a blacklist hit is raised like any listed entity, a
 * whitelist hit is marked Whitelist; docs/advanced-features.md).
 */
export const HIT_DATABASES = [...DATABASES, ...CUSTOM_LIST_TYPES] as const;
export type HitDatabase = (typeof HIT_DATABASES)[number];

export const RELEVANCE = ['alias_matched', 'dob_matched', 'name_matched', 'rca_matched'] as const;
export type Relevance = (typeof RELEVANCE)[number];

export const GENDERS = ['male', 'female', 'other'] as const;

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'last_month',
  'last_3_months',
  'last_6_months',
  'last_year',
  'all_time',
  'custom',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const MONITORING_DURATIONS = ['30', '90', '365', 'custom'] as const;
export const ALERT_FREQUENCIES = ['daily', 'weekly', 'bi-weekly', 'monthly', 'quarterly', 'semi-annually', 'annually'] as const;
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'webhooks'] as const;
export const CREDIT_KINDS = ['transaction_monitoring', 'aml_screening', 'media_watcher'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'ar', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
