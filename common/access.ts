/**
 * Who may open what: the route table of section 2, the menu, the plan
 * restrictions and the landing path of section 6. The SPA's guards and the
 * API's route checks both read these requirements, so a rule is written once.
 */
import type { OrganisationDetail, OrganisationFlag, PlanName, ServiceType } from './organisation';
import type { PermissionName } from './permissions';
import { CASE_FILTER_STATUSES } from './enums';

export interface Requirement {
  /** Every one of these permissions. */
  permissions?: readonly PermissionName[];
  service?: ServiceType;
  flag?: OrganisationFlag;
  /** Only organisations on plan billing. */
  planBilling?: boolean;
  /** Plan names on which the feature is not part of the plan. */
  blockedOnPlans?: readonly PlanName[];
  /** Whether a plan-billing organisation that has not chosen a plan yet may use it. */
  allowedWithoutPlanDetails?: boolean;
}

export interface AccessContext {
  permissions: readonly string[];
  organisation: Pick<
    OrganisationDetail,
    'service_types' | 'transaction_monitoring' | 'usage_report' | 'show_monitoring_configuration' | 'billing_type' | 'plan_details' | 'is_demo'
  >;
}

/** Section 6: an organisation with transaction monitoring gets view_transaction_monitoring automatically. */
export function effectivePermissions(rolePermissions: readonly string[], organisation: AccessContext['organisation']): string[] {
  const set = new Set(rolePermissions);
  if (organisation.transaction_monitoring) set.add('view_transaction_monitoring');
  return [...set];
}

export function lacksPlanDetails(org: AccessContext['organisation']): boolean {
  return org.billing_type === 'plan' && !org.plan_details?.plan_name;
}

export type Denial = 'permission' | 'service' | 'flag' | 'billing' | 'plan' | 'plan_details';

/** Returns why a requirement is not met, or null when it is. */
export function checkRequirement(req: Requirement, ctx: AccessContext): Denial | null {
  const org = ctx.organisation;
  if (req.permissions?.some((p) => !ctx.permissions.includes(p))) return 'permission';
  if (req.service && !org.service_types.includes(req.service)) return 'service';
  if (req.flag && !org[req.flag]) return 'flag';
  if (req.planBilling && org.billing_type !== 'plan') return 'billing';
  if (lacksPlanDetails(org) && !req.allowedWithoutPlanDetails) return 'plan_details';
  const plan = org.billing_type === 'plan' ? org.plan_details?.plan_name : undefined;
  if (plan && req.blockedOnPlans?.includes(plan)) return 'plan';
  return null;
}

export function meetsRequirement(req: Requirement, ctx: AccessContext): boolean {
  return checkRequirement(req, ctx) === null;
}

// ---------------------------------------------------------------------------
// Routes of the application shell (section 2). Paths use wouter's pattern syntax.

export interface AppRoute {
  id: string;
  path: string;
  requirement: Requirement;
}

const aml = (permission: PermissionName, extra: Partial<Requirement> = {}): Requirement => ({
  permissions: [permission],
  service: 'aml_screening',
  allowedWithoutPlanDetails: true,
  ...extra,
});
const media = (permission: PermissionName): Requirement => ({ permissions: [permission], service: 'media_watcher' });
const transactions: Requirement = { flag: 'transaction_monitoring' };
const billing: Requirement = { permissions: ['update_payment_method'], planBilling: true, allowedWithoutPlanDetails: true };

export const APP_ROUTES = [
  { id: 'dashboard', path: '/dashboard', requirement: { permissions: ['view_dashboard'] } },
  { id: 'make-case', path: '/make-case', requirement: aml('create_new_case') },
  { id: 'case-detail', path: '/case-detail/:referenceNo/:id', requirement: aml('view_case_result_detail') },
  { id: 'case-details', path: '/case-details/:referenceNo/:id', requirement: aml('view_case_result_detail') },
  { id: 'case', path: '/case/:referenceNo', requirement: aml('view_case') },
  { id: 'manage-case', path: '/manage-case', requirement: aml('view_manage_case') },
  { id: 'adverse-media-detail', path: '/adverse-media-detail/:referenceNo', requirement: media('view_adverse_media') },
  { id: 'media-search', path: '/media-search', requirement: media('create_adverse_media') },
  { id: 'media-manage-case', path: '/media-manage-case', requirement: media('view_adverse_media') },
  { id: 'transaction-listing', path: '/transaction-listing', requirement: transactions },
  { id: 'transaction-detail', path: '/transaction-listing/:transaction_reference', requirement: transactions },
  { id: 'rules-listing', path: '/rules-listing', requirement: transactions },
  { id: 'alerts-listing', path: '/alerts-listing', requirement: transactions },
  { id: 'customer-listing', path: '/customer-listing', requirement: transactions },
  { id: 'customer-profile', path: '/customer-profile', requirement: transactions },
  { id: 'alerts-details', path: '/alerts-details/:alert_id', requirement: transactions },
  { id: 'usage-statistics', path: '/usage-statistics', requirement: { flag: 'usage_report' } },
  { id: 'user-management', path: '/user-management', requirement: { permissions: ['view_users'] } },
  { id: 'role-management', path: '/role-management', requirement: { permissions: ['view_roles_and_permissions'] } },
  { id: 'bulk-search', path: '/bulk-search', requirement: { permissions: ['view_bulk_search'], blockedOnPlans: ['basic'] } },
  { id: 'web-hooks', path: '/web-hooks', requirement: { permissions: ['view_webhooks'] } },
  { id: 'api-keys', path: '/api-keys', requirement: { permissions: ['view_api'] } },
  { id: 'integration-guide', path: '/integration-guide', requirement: { permissions: ['view_integration_guide'] } },
  { id: 'credits-usage', path: '/credits-usage', requirement: billing },
  { id: 'manage-payments', path: '/manage-payments', requirement: billing },
  { id: 'plans', path: '/plans', requirement: billing },
  { id: 'risk-scoring', path: '/risk-scoring', requirement: { permissions: ['view_risk_score_engine'], blockedOnPlans: ['basic'] } },
  { id: 'aml-custom-list', path: '/aml-custom-list', requirement: { permissions: ['view_custom_listing'], blockedOnPlans: ['basic'] } },
  // A list's records and one record (section 2: "record pages for blacklist and whitelist records"), behind the same requirement.
  { id: 'aml-custom-list-records', path: '/aml-custom-list/:listId', requirement: { permissions: ['view_custom_listing'], blockedOnPlans: ['basic'] } },
  { id: 'aml-custom-list-record', path: '/aml-custom-list/:listId/:recordId', requirement: { permissions: ['view_custom_listing'], blockedOnPlans: ['basic'] } },
  { id: 'custom-source', path: '/custom-source', requirement: { permissions: ['view_custom_sources'], blockedOnPlans: ['basic', 'plus'] } },
  {
    id: 'monitoring-configuration',
    path: '/monitoring-configuration',
    requirement: { permissions: ['view_ongoing_monitoring_settings'], flag: 'show_monitoring_configuration' },
  },
  { id: 'search-profile', path: '/search-profile', requirement: { permissions: ['view_search_profile'], blockedOnPlans: ['basic'] } },
  { id: 'audit-history', path: '/audit-history', requirement: { permissions: ['view_audit_history'] } },
  // Settings has no guard, so it stays reachable even before a plan is chosen.
  { id: 'settings', path: '/settings', requirement: { allowedWithoutPlanDetails: true } },
] as const satisfies readonly AppRoute[];

export type AppRouteId = (typeof APP_ROUTES)[number]['id'];

export function findRoute(id: AppRouteId): AppRoute {
  return APP_ROUTES.find((r) => r.id === id)!;
}

/**
 * Whether the organisation's plan includes a feature (the plan restrictions of section 2), whatever the
 * user's permissions: screening applies custom lists and risk engines only where the plan includes them.
 */
export function planIncludes(org: AccessContext['organisation'], route: AppRouteId): boolean {
  const plan = org.billing_type === 'plan' ? org.plan_details?.plan_name : undefined;
  return !plan || !findRoute(route).requirement.blockedOnPlans?.includes(plan);
}

/** A screen's requirement and one more permission: the writes made from that screen (create, update, delete). */
export function withPermission(requirement: Requirement, permission: PermissionName): Requirement {
  return { ...requirement, permissions: [...(requirement.permissions ?? []), permission] };
}

/** Matches a concrete path against the route table (":name" segments match one non-empty segment). */
export function matchRoute(pathname: string): AppRoute | undefined {
  const parts = trimSlashes(pathname).split('/');
  return APP_ROUTES.find((route) => {
    const pattern = trimSlashes(route.path).split('/');
    return pattern.length === parts.length && pattern.every((seg, i) => (seg.startsWith(':') ? parts[i].length > 0 : seg === parts[i]));
  });
}

const trimSlashes = (p: string) => p.replace(/^\/+|\/+$/g, '');

export type GuardResult = { allow: true } | { allow: false; redirect: string; reason: Denial | 'unknown' | 'query' };

/**
 * The guard of one route for a signed-in user of a non-demo organisation.
 * Denials go to the catch-all, which sends the user to /login (section 2); a
 * plan-billing organisation without a plan goes to its landing path instead.
 */
export function guardRoute(pathname: string, search: string, ctx: AccessContext): GuardResult {
  const route = matchRoute(pathname);
  if (!route) return { allow: false, redirect: '/login', reason: 'unknown' };
  const denial = checkRequirement(route.requirement, ctx);
  if (denial === 'plan_details') return { allow: false, redirect: resolveLandingPath(ctx), reason: denial };
  if (denial) return { allow: false, redirect: '/login', reason: denial };
  if (route.id === 'manage-case') {
    const caseStatus = new URLSearchParams(search).get('caseStatus');
    if (caseStatus !== null && !(CASE_FILTER_STATUSES as readonly string[]).includes(caseStatus)) {
      return { allow: false, redirect: '/login', reason: 'query' };
    }
  }
  if (route.id === 'manage-payments' && ctx.organisation.billing_type === 'plan' && !ctx.organisation.plan_details?.plan_name) {
    return { allow: false, redirect: '/plans', reason: 'plan_details' };
  }
  return { allow: true };
}

// ---------------------------------------------------------------------------
// Sidebar menu (section 2), in display order. The landing path walks it too.

export interface MenuItem {
  id: string;
  route: AppRouteId;
  /** Extra conditions beyond the route's own guard (menu-only permissions). */
  extra?: Requirement;
}
export interface MenuGroup {
  id: string;
  items: readonly MenuItem[];
}

export const MENU: readonly MenuGroup[] = [
  { id: 'dashboard', items: [{ id: 'dashboard', route: 'dashboard' }] },
  {
    id: 'aml_screening',
    items: [
      { id: 'create_new_case', route: 'make-case' },
      { id: 'manage_case', route: 'manage-case' },
    ],
  },
  {
    id: 'transaction_monitoring',
    items: [
      { id: 'transaction_listing', route: 'transaction-listing', extra: { permissions: ['view_transaction_monitoring'] } },
      { id: 'alerts_listing', route: 'alerts-listing', extra: { permissions: ['view_transaction_monitoring'] } },
      { id: 'rules_listing', route: 'rules-listing', extra: { permissions: ['view_transaction_monitoring'] } },
      { id: 'customer_listing', route: 'customer-listing', extra: { permissions: ['view_transaction_monitoring'] } },
    ],
  },
  {
    id: 'media_watcher',
    items: [
      { id: 'media_search', route: 'media-search' },
      { id: 'media_manage_case', route: 'media-manage-case' },
    ],
  },
  {
    id: 'user_management',
    items: [
      { id: 'users', route: 'user-management' },
      { id: 'roles_management', route: 'role-management' },
      { id: 'audit_history', route: 'audit-history' },
    ],
  },
  {
    id: 'advance_features',
    items: [
      { id: 'bulk_search', route: 'bulk-search' },
      { id: 'risk_scoring', route: 'risk-scoring' },
      { id: 'aml_custom_lists', route: 'aml-custom-list' },
      { id: 'add_custom_source', route: 'custom-source' },
      { id: 'monitoring_configuration', route: 'monitoring-configuration' },
    ],
  },
  {
    id: 'api',
    items: [
      { id: 'web_hooks', route: 'web-hooks' },
      { id: 'api_keys', route: 'api-keys' },
      { id: 'integration_guide', route: 'integration-guide' },
    ],
  },
  {
    id: 'billing',
    items: [
      { id: 'manage_payments', route: 'manage-payments' },
      { id: 'plans', route: 'plans' },
      { id: 'credits_usage', route: 'credits-usage' },
    ],
  },
  { id: 'search_profile', items: [{ id: 'search_profile', route: 'search-profile' }] },
];

export function canSeeMenuItem(item: MenuItem, ctx: AccessContext): boolean {
  const route = findRoute(item.route);
  return meetsRequirement(route.requirement, ctx) && (!item.extra || meetsRequirement(item.extra, ctx));
}

/** The menu as one user sees it: groups with no visible item disappear. */
export function visibleMenu(ctx: AccessContext): { id: string; items: { id: string; path: string }[] }[] {
  return MENU.map((group) => ({
    id: group.id,
    items: group.items.filter((item) => canSeeMenuItem(item, ctx)).map((item) => ({ id: item.id, path: findRoute(item.route).path })),
  })).filter((group) => group.items.length > 0);
}

// ---------------------------------------------------------------------------
// Landing path (section 6). machines/landing walks the same rules as a statechart;
// this function is the reference the machine and the server are tested against.

export function firstPermittedMenuPath(ctx: AccessContext, groupId?: string): string | undefined {
  for (const group of MENU) {
    if (groupId && group.id !== groupId) continue;
    for (const item of group.items) if (canSeeMenuItem(item, ctx)) return findRoute(item.route).path;
  }
  return undefined;
}

/** Where "/" leads, named (the landing statechart's final states) and as a path. */
export type LandingDestination = 'login' | 'demo' | 'plans' | 'firstAmlScreeningItem' | 'dashboard' | 'firstMenuItem';

export function landingDestination(ctx: AccessContext): { destination: LandingDestination; path: string } {
  const to = (destination: LandingDestination, path: string | undefined) => (path ? { destination, path } : { destination: 'login' as const, path: '/login' });
  if (ctx.organisation.is_demo) return to('demo', '/demo');
  if (ctx.permissions.length === 0) return to('login', '/login');
  if (lacksPlanDetails(ctx.organisation)) {
    if (ctx.permissions.includes('update_payment_method')) return to('plans', '/plans');
    return to('firstAmlScreeningItem', firstPermittedMenuPath(ctx, 'aml_screening'));
  }
  if (meetsRequirement(findRoute('dashboard').requirement, ctx)) return to('dashboard', '/dashboard');
  return to('firstMenuItem', firstPermittedMenuPath(ctx));
}

export function resolveLandingPath(ctx: AccessContext): string {
  return landingDestination(ctx).path;
}
