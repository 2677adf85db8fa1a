/**
 * The three address-driven lists of transaction monitoring (Transaction Listing, Customer Listing, Alerts
 * Listing): each list's filters, how its view is read from and written to the address, and the API query of
 * a view. The rules are the shared ones (machines/shared/address.ts): a value the address cannot hold reads
 * as the default, only what differs from the default is written, so the unfiltered list is the plain path.
 *
 * Filters are strings, as the address holds them; a multiple choice (statuses, levels) is a comma-separated
 * list of allowed values in a fixed order, so one choice has one address.
 */
import { DATE_PRESETS } from '../../common/enums';
import { addressOf, customRange, oneOf, positive, queryParams } from '../shared/address';
import { ALERT_LEVELS, ALERT_WORKFLOW_STATUSES, TX_DIRECTIONS, TX_STATUSES, CUSTOMER_RISK_LEVELS, TX_SORTS, ALERT_SORTS, CUSTOMER_SORTS } from './views';

export type TmListKind = 'transactions' | 'customers' | 'alerts';

export type TmFilters = Record<string, string> & { search: string; date_preset: string; date_from: string; date_to: string };

export interface TmListView {
  filters: TmFilters;
  page: number;
  pageSize: number;
}

export const TM_PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

/** How one list reads its filters from the address. */
interface ListFormat {
  /** Where the list lives. */
  path: string;
  defaults: TmFilters;
  /** Reads each filter (other than the search and the dates) from the address. */
  read: (q: URLSearchParams) => Record<string, string>;
}

/** A comma-separated choice of allowed values, in the allowed order, without repeats; '' for none. */
export function multiValue(values: readonly string[], given: string | null): string {
  const chosen = new Set((given ?? '').split(','));
  return values.filter((v) => chosen.has(v)).join(',');
}

/** Toggles one value of a multiple choice. */
export function toggleValue(values: readonly string[], current: string, value: string): string {
  const chosen = new Set(current ? current.split(',') : []);
  if (chosen.has(value)) chosen.delete(value);
  else chosen.add(value);
  return values.filter((v) => chosen.has(v)).join(',');
}

/** An amount as the address may hold it: digits with at most two decimals, else nothing. */
const amountText = (value: string | null) => {
  const v = (value ?? '').trim();
  return /^\d{1,15}(\.\d{1,2})?$/.test(v) ? v : '';
};
/** An identifier typed by someone (a customer id, an account): printable, at most 100 characters. */
const idText = (value: string | null) => (value ?? '').replace(/[\u0000-\u001f]/g, '').slice(0, 100);
/** A rule's id (a uuid) or nothing. */
const uuidText = (value: string | null) => (/^[0-9a-f-]{36}$/i.test(value ?? '') ? value!.toLowerCase() : '');

const DATES = { date_preset: 'all_time', date_from: '', date_to: '' };

export const LIST_FORMATS: Record<TmListKind, ListFormat> = {
  transactions: {
    path: '/transaction-listing',
    defaults: { search: '', status: '', direction: '', min_amount: '', max_amount: '', customer_id: '', account: '', sort: '', ...DATES },
    read: (q) => ({
      status: multiValue(TX_STATUSES, q.get('status')),
      direction: oneOf(['', ...TX_DIRECTIONS], q.get('direction'), ''),
      min_amount: amountText(q.get('min_amount')),
      max_amount: amountText(q.get('max_amount')),
      customer_id: idText(q.get('customer_id')),
      account: idText(q.get('account')),
      sort: oneOf(['', ...TX_SORTS], q.get('sort'), ''),
    }),
  },
  customers: {
    path: '/customer-listing',
    defaults: { search: '', risk_level: '', country: '', sort: '', ...DATES },
    read: (q) => ({
      risk_level: oneOf(['', ...CUSTOMER_RISK_LEVELS], q.get('risk_level'), ''),
      country: /^[A-Z]{2}$/.test(q.get('country') ?? '') ? q.get('country')! : '',
      sort: oneOf(['', ...CUSTOMER_SORTS], q.get('sort'), ''),
    }),
  },
  alerts: {
    path: '/alerts-listing',
    defaults: { search: '', status: '', level: '', rule_id: '', assignee: '', sort: '', ...DATES },
    read: (q) => ({
      status: multiValue(ALERT_WORKFLOW_STATUSES, q.get('status')),
      level: multiValue(ALERT_LEVELS, q.get('level')),
      rule_id: uuidText(q.get('rule_id')),
      assignee: q.get('assignee') === 'me' || q.get('assignee') === 'none' ? q.get('assignee')! : uuidText(q.get('assignee')),
      sort: oneOf(['', ...ALERT_SORTS], q.get('sort'), ''),
    }),
  },
};

export const defaultView = (kind: TmListKind): TmListView => ({ filters: { ...LIST_FORMATS[kind].defaults }, page: 1, pageSize: DEFAULT_PAGE_SIZE });

export function viewFromSearch(kind: TmListKind, search: string): TmListView {
  const format = LIST_FORMATS[kind];
  const q = queryParams(search);
  const preset = oneOf(DATE_PRESETS, q.get('date_preset'), 'all_time');
  const pageSize = Number(q.get('page_size'));
  return {
    filters: {
      ...format.defaults,
      search: (q.get('search') ?? '').slice(0, 200),
      ...format.read(q),
      date_preset: preset,
      ...customRange(preset, q.get('date_from'), q.get('date_to')),
    },
    page: positive(q.get('page'), 1),
    pageSize: (TM_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

function normalise(filters: TmFilters): TmFilters {
  const custom = filters.date_preset === 'custom';
  const out: TmFilters = { ...filters, date_from: custom ? filters.date_from.trim() : '', date_to: custom ? filters.date_to.trim() : '' };
  for (const key of ['search', 'min_amount', 'max_amount', 'customer_id', 'account']) if (key in out) out[key] = out[key].trim();
  return out;
}

export function searchFromView(kind: TmListKind, view: TmListView): string {
  const defaults = LIST_FORMATS[kind].defaults;
  const filters = normalise(view.filters);
  const q = new URLSearchParams();
  for (const key of Object.keys(defaults)) {
    const value = filters[key] ?? '';
    if (value !== defaults[key]) q.set(key, value);
  }
  if (view.page !== 1) q.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) q.set('page_size', String(view.pageSize));
  return addressOf(q);
}

/** Different filters start again at page 1. */
export function withFilters(view: TmListView, filters: Partial<TmFilters>): TmListView {
  const next = { ...view.filters, ...filters } as TmFilters;
  const before = normalise(view.filters);
  const after = normalise(next);
  const changed = Object.keys(filters).some((k) => after[k] !== before[k]);
  return { ...view, filters: next, page: changed ? 1 : view.page };
}

/** Whether any filter differs from the list's defaults (the empty state then says "nothing matches"). */
export function isFiltered(kind: TmListKind, filters: TmFilters): boolean {
  const defaults = LIST_FORMATS[kind].defaults;
  const normal = normalise(filters);
  return Object.keys(defaults).some((k) => k !== 'sort' && (normal[k] ?? '') !== defaults[k]);
}

/**
 * Why an amount range cannot be applied: a bound that is not an amount, or a minimum above the maximum.
 * The key is a locale message under transactions.listing.
 */
export function amountProblem(filters: Partial<TmFilters>): { field: 'min_amount' | 'max_amount'; key: 'amount_invalid' | 'amount_order' } | null {
  const min = (filters.min_amount ?? '').trim();
  const max = (filters.max_amount ?? '').trim();
  if (min && !amountText(min)) return { field: 'min_amount', key: 'amount_invalid' };
  if (max && !amountText(max)) return { field: 'max_amount', key: 'amount_invalid' };
  if (min && max && Number(min) > Number(max)) return { field: 'min_amount', key: 'amount_order' };
  return null;
}

/** The list API's query of a view (the list, and the export of the same rows). */
export function apiQuery(kind: TmListKind, view: TmListView, tzOffset: number): Record<string, string | number | string[]> {
  const f = normalise(view.filters);
  const q: Record<string, string | number | string[]> = {};
  if (f.search) q.q = f.search;
  for (const key of ['direction', 'min_amount', 'max_amount', 'customer_id', 'account', 'risk_level', 'country', 'rule_id', 'assignee', 'sort']) {
    if (f[key]) q[key] = f[key];
  }
  for (const key of ['status', 'level']) if (f[key]) q[key] = f[key].split(',');
  // Customers have no date filter. The others send the preset with the user's time zone (the API computes the
  // range on the user's calendar, as Manage Case's presets), or the custom range of days.
  if (kind !== 'customers' && f.date_preset !== 'all_time') {
    q.date_preset = f.date_preset;
    q.tz_offset = tzOffset;
    if (f.date_preset === 'custom') {
      if (f.date_from) q.date_from = f.date_from;
      if (f.date_to) q.date_to = f.date_to;
    }
  }
  q.page = view.page;
  q.page_size = view.pageSize;
  return q;
}
