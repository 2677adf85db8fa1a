/**
 * Request schemas and answer shapes of the demo calls (section 7: open-search-initiate, open-user-search,
 * demo-user-request; docs/demo.md). Reading a search takes the product's own queries (HitFilterQuery,
 * RecordQuery of common/schemas/cases.ts), as it answers the product's own shapes. A demo search takes the few fields a visitor needs to see screening
 * work (name, entity type, a year, a country), each checked with the section-5 rules Create New Case uses.
 * The request for a full account has rules of its own (company, phone, message) that the specification
 * leaves open; they are written once here, for the dialog and the API alike.
 */
import { object, optional, type Infer } from 'superstruct';
import type { CaseDetailView, CaseView, HitDetailView, HitView } from '../cases';
import type { MessageId } from '../messages';
import { validateEmail, validateEntityType, validatePersonName, validateSearchTerm, validateYear, type Rule } from '../validation';
import { countryField } from './countries';
import { INPUT_LIMITS, ruled, ruledIfPresent, textOrNumber } from './core';

// ---------------------------------------------------------------- Rules of the request for a full account

export const DEMO_REQUEST_LIMITS = { company: { min: 2, max: 100 }, phone: { digits: { min: 6, max: 15 }, max: 30 }, message: { max: 1000 } } as const;

/** The company the visitor works for: required, 2 to 100 characters once trimmed. */
export const validateDemoCompany: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (v.length < DEMO_REQUEST_LIMITS.company.min || v.length > DEMO_REQUEST_LIMITS.company.max) return 'demo_company_length';
  return null;
};

/**
 * A phone number as people write it: an optional leading +, digits, spaces, dots, dashes and brackets,
 * with 6 to 15 digits (E.164 allows at most 15). Empty is allowed: the phone is optional.
 */
export const validateDemoPhone: Rule = (value) => {
  const v = (value ?? '').trim();
  if (!v) return null;
  const digits = v.replace(/\D/g, '').length;
  if (v.length > DEMO_REQUEST_LIMITS.phone.max || !/^\+?[\d\s().-]+$/.test(v) || digits < DEMO_REQUEST_LIMITS.phone.digits.min || digits > DEMO_REQUEST_LIMITS.phone.digits.max) {
    return 'demo_phone_invalid';
  }
  return null;
};

/** What the visitor wants to tell sales: optional, at most 1000 characters. */
export const validateDemoMessage: Rule = (value) => ((value ?? '').trim().length > DEMO_REQUEST_LIMITS.message.max ? 'demo_message_length' : null);

// ---------------------------------------------------------------- Requests

/** POST /api/open-search-initiate: one demo search. */
export const DemoSearchBody = object({
  search_term: ruled(validateSearchTerm, 'search_term'),
  entity_type: ruled(validateEntityType, 'entity_type'),
  /** Year of birth (a person) or incorporation (a company). */
  birth_year: optional(textOrNumber(ruledIfPresent((v) => validateYear(v), 'year'))),
  /** One country the entity is connected with (alpha-2, alpha-3 or a name in one of the six languages). */
  country: optional(countryField({ blank: true })),
});
export type DemoSearchValue = Infer<typeof DemoSearchBody>;

/** POST /api/demo-user-request: the "Request full account" dialog. */
export const DemoRequestBody = object({
  name: ruled(validatePersonName, 'name', INPUT_LIMITS.short),
  company: ruled(validateDemoCompany, 'company', INPUT_LIMITS.short),
  email: ruled(validateEmail, 'email', INPUT_LIMITS.email),
  phone: optional(ruledIfPresent(validateDemoPhone, 'phone', INPUT_LIMITS.short)),
  message: optional(ruledIfPresent(validateDemoMessage, 'message')),
});
export type DemoRequestValue = Infer<typeof DemoRequestBody>;

// ---------------------------------------------------------------- Answers

/** How many searches the caller has today (a UTC day); every demo answer carries it. */
export interface DemoAllowance {
  limit: number;
  used: number;
  left: number;
  /** When the count starts again: the next midnight UTC, ISO 8601. */
  resets_at: string;
}

/** POST /api/open-search-initiate. */
export interface DemoSearchAnswer {
  reference: string;
  hit_count: number;
  case_status: string;
  code: MessageId;
  message: string;
  allowance: DemoAllowance;
}

/** GET /api/open-user-searches: the caller's recent searches, newest first. */
export interface DemoSearchesAnswer {
  data: CaseView[];
  allowance: DemoAllowance;
}

/** GET /api/open-user-search: the same shapes as the product's search_result_filter. */
export interface DemoResultsAnswer {
  case: CaseDetailView;
  data: HitView[];
  total: number;
  facets: { relevance: Record<string, number>; database: Record<string, number>; match_status: Record<string, number> };
  allowance: DemoAllowance;
}

/** GET /api/open-user-search/entity: the same shapes as the product's record call. */
export interface DemoEntityAnswer {
  case: CaseDetailView;
  entity: HitDetailView;
  allowance: DemoAllowance;
}
