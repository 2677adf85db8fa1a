/**
 * The guards of section 2's route table and the landing path of section 6,
 * rule by rule, plus a property: wherever a user lands, they may open it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, guardRoute, resolveLandingPath, visibleMenu } from '../../common/access';
import { PERMISSION_NAMES } from '../../common/permissions';
import { accessOf, everyPermission } from '../helpers/access-fixtures';

const plan = (plan_name: 'basic' | 'plus' | null) => ({ billing_type: 'plan' as const, plan_details: plan_name ? { plan_name } : null });

describe('route guards (section 2)', () => {
  const cases: [string, string, ReturnType<typeof accessOf>, string | true][] = [
    ['dashboard needs view_dashboard', '/dashboard', accessOf(['view_case']), '/login'],
    ['dashboard with view_dashboard', '/dashboard', accessOf(['view_dashboard']), true],
    ['make-case needs create_new_case', '/make-case', accessOf(['view_dashboard']), '/login'],
    ['make-case needs the aml_screening service', '/make-case', accessOf(['create_new_case'], { service_types: ['media_watcher'] }), '/login'],
    ['make-case with both', '/make-case', accessOf(['create_new_case']), true],
    ['case-detail needs view_case_result_detail', '/case-detail/REF1/abc', accessOf(['view_case']), '/login'],
    ['case-details with it', '/case-details/REF1/abc', accessOf(['view_case_result_detail']), true],
    ['case/{ref} needs view_case', '/case/REF1', accessOf(['view_case']), true],
    ['case/{ref} needs aml_screening', '/case/REF1', accessOf(['view_case'], { service_types: [] }), '/login'],
    ['manage-case needs view_manage_case', '/manage-case', accessOf(['view_case']), '/login'],
    ['manage-case without query', '/manage-case', accessOf(['view_manage_case']), true],
    ['manage-case caseStatus=Passed', '/manage-case?caseStatus=Passed', accessOf(['view_manage_case']), true],
    ['manage-case caseStatus=For Review', '/manage-case?caseStatus=For%20Review', accessOf(['view_manage_case']), true],
    ['manage-case caseStatus=Failed', '/manage-case?caseStatus=Failed', accessOf(['view_manage_case']), true],
    ['manage-case caseStatus=Passed Conditionally is not a filter', '/manage-case?caseStatus=Passed%20Conditionally', accessOf(['view_manage_case']), '/login'],
    ['manage-case caseStatus of another case', '/manage-case?caseStatus=passed', accessOf(['view_manage_case']), '/login'],
    ['adverse-media-detail needs media_watcher', '/adverse-media-detail/R9', accessOf(['view_adverse_media'], { service_types: ['aml_screening'] }), '/login'],
    ['adverse-media-detail with both', '/adverse-media-detail/R9', accessOf(['view_adverse_media']), true],
    ['media-search needs create_adverse_media', '/media-search', accessOf(['view_adverse_media']), '/login'],
    ['media-manage-case needs view_adverse_media', '/media-manage-case', accessOf(['view_adverse_media']), true],
    ['transaction listing needs the flag', '/transaction-listing', accessOf([], { transaction_monitoring: false }), '/login'],
    ['transaction listing with the flag', '/transaction-listing', accessOf([]), true],
    ['transaction detail with the flag', '/transaction-listing/TX-1', accessOf([]), true],
    ['rules, alerts, customers with the flag', '/rules-listing', accessOf([]), true],
    ['alert detail with the flag', '/alerts-details/55', accessOf([]), true],
    ['alerts listing with the flag', '/alerts-listing', accessOf([]), true],
    ['customer listing without the flag', '/customer-listing', accessOf([], { transaction_monitoring: false }), '/login'],
    ['integration guide needs view_integration_guide', '/integration-guide', accessOf(['view_api']), '/login'],
    ['audit history needs view_audit_history', '/audit-history', accessOf(['view_audit_history']), true],
    ['customer profile without the flag', '/customer-profile', accessOf([], { transaction_monitoring: false }), '/login'],
    ['usage statistics needs usage_report', '/usage-statistics', accessOf([], { usage_report: false }), '/login'],
    ['usage statistics with it', '/usage-statistics', accessOf([]), true],
    ['users need view_users', '/user-management', accessOf(['view_dashboard']), '/login'],
    ['roles need view_roles_and_permissions', '/role-management', accessOf(['view_roles_and_permissions']), true],
    ['bulk-search needs view_bulk_search', '/bulk-search', accessOf(['view_bulk_search']), true],
    ['web-hooks need view_webhooks', '/web-hooks', accessOf(['view_api']), '/login'],
    ['api-keys need view_api', '/api-keys', accessOf(['view_api']), true],
    ['credits-usage needs plan billing', '/credits-usage', accessOf(['update_payment_method']), '/login'],
    ['credits-usage on plan billing', '/credits-usage', accessOf(['update_payment_method'], plan('basic')), true],
    ['plans need update_payment_method', '/plans', accessOf(['view_dashboard'], plan('basic')), '/login'],
    ['manage-payments without a plan name goes to /plans', '/manage-payments', accessOf(['update_payment_method'], plan(null)), '/plans'],
    ['manage-payments with a plan', '/manage-payments', accessOf(['update_payment_method'], plan('plus')), true],
    ['risk-scoring needs its permission', '/risk-scoring', accessOf(['view_risk_score_engine']), true],
    ['aml-custom-list needs its permission', '/aml-custom-list', accessOf(['view_dashboard']), '/login'],
    ['the records of a custom list need the list permission', '/aml-custom-list/3f1c2a9e-0000-4000-8000-000000000001', accessOf(['view_custom_listing']), true],
    ['a custom list record needs the list permission', '/aml-custom-list/3f1c2a9e-0000-4000-8000-000000000001/3f1c2a9e-0000-4000-8000-000000000002', accessOf(['view_dashboard']), '/login'],
    ['custom-source needs its permission', '/custom-source', accessOf(['view_custom_sources']), true],
    ['monitoring-configuration needs the flag', '/monitoring-configuration', accessOf(['view_ongoing_monitoring_settings'], { show_monitoring_configuration: false }), '/login'],
    ['monitoring-configuration with permission and flag', '/monitoring-configuration', accessOf(['view_ongoing_monitoring_settings']), true],
    ['search-profile needs its permission', '/search-profile', accessOf(['view_search_profile']), true],
    ['settings has no guard', '/settings', accessOf([]), true],
    ['unknown paths go to the catch-all', '/no-such-page', accessOf(everyPermission), '/login'],
    // Plan restrictions
    ['basic blocks bulk search', '/bulk-search', accessOf(everyPermission, plan('basic')), '/login'],
    ['basic blocks search profile', '/search-profile', accessOf(everyPermission, plan('basic')), '/login'],
    ['basic blocks risk scoring', '/risk-scoring', accessOf(everyPermission, plan('basic')), '/login'],
    ['basic blocks custom lists', '/aml-custom-list', accessOf(everyPermission, plan('basic')), '/login'],
    ['basic blocks custom list records', '/aml-custom-list/3f1c2a9e-0000-4000-8000-000000000001/3f1c2a9e-0000-4000-8000-000000000002', accessOf(everyPermission, plan('basic')), '/login'],
    ['basic blocks custom source', '/custom-source', accessOf(everyPermission, plan('basic')), '/login'],
    ['basic allows the dashboard', '/dashboard', accessOf(everyPermission, plan('basic')), true],
    ['plus blocks custom source', '/custom-source', accessOf(everyPermission, plan('plus')), '/login'],
    ['plus allows bulk search', '/bulk-search', accessOf(everyPermission, plan('plus')), true],
    ['plus allows risk scoring', '/risk-scoring', accessOf(everyPermission, plan('plus')), true],
    // No plan details: only the screening and billing pages
    ['no plan: make-case', '/make-case', accessOf(everyPermission, plan(null)), true],
    ['no plan: case detail', '/case-detail/R/1', accessOf(everyPermission, plan(null)), true],
    ['no plan: case', '/case/R', accessOf(everyPermission, plan(null)), true],
    ['no plan: manage-case', '/manage-case', accessOf(everyPermission, plan(null)), true],
    ['no plan: credits-usage', '/credits-usage', accessOf(everyPermission, plan(null)), true],
    ['no plan: plans', '/plans', accessOf(everyPermission, plan(null)), true],
    ['no plan: dashboard goes to the landing path', '/dashboard', accessOf(everyPermission, plan(null)), '/plans'],
    ['no plan: users go to the landing path', '/user-management', accessOf(everyPermission, plan(null)), '/plans'],
    ['no plan, no payment permission: landing is make-case', '/dashboard', accessOf(['view_dashboard', 'create_new_case'], plan(null)), '/make-case'],
  ];

  it.each(cases)('%s', (_name, url, access, expected) => {
    const [pathname, search = ''] = url.split('?');
    const verdict = guardRoute(pathname, search, access);
    if (expected === true) expect(verdict).toEqual({ allow: true });
    else expect(verdict).toMatchObject({ allow: false, redirect: expected });
  });

  it('covers every route of the table', () => {
    const covered = new Set(cases.map(([, url]) => url.split('?')[0]));
    for (const route of APP_ROUTES) {
      const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`);
      expect([...covered].some((p) => pattern.test(p)), route.path).toBe(true);
    }
  });
});

describe('menu (section 2 and 6)', () => {
  it('shows only permitted items, and groups with none disappear', () => {
    const menu = visibleMenu(accessOf(['create_new_case', 'view_case', 'view_manage_case'], { transaction_monitoring: false }));
    expect(menu).toEqual([{ id: 'aml_screening', items: [{ id: 'create_new_case', path: '/make-case' }, { id: 'manage_case', path: '/manage-case' }] }]);
  });

  it('needs the service for AML screening and media items', () => {
    const menu = visibleMenu(accessOf(['create_new_case', 'create_adverse_media', 'view_adverse_media'], { service_types: ['media_watcher'], transaction_monitoring: false }));
    expect(menu.map((g) => g.id)).toEqual(['media_watcher']);
  });

  it('shows transaction monitoring to an organisation with the flag, through the automatic permission', () => {
    expect(visibleMenu(accessOf([])).map((g) => g.id)).toEqual(['transaction_monitoring']);
    expect(visibleMenu(accessOf([], { transaction_monitoring: false }))).toEqual([]);
  });

  it('shows billing only on plan billing', () => {
    expect(visibleMenu(accessOf(['update_payment_method'])).some((g) => g.id === 'billing')).toBe(false);
    expect(visibleMenu(accessOf(['update_payment_method'], plan('basic'))).find((g) => g.id === 'billing')?.items.map((i) => i.id)).toEqual([
      'manage_payments',
      'plans',
      'credits_usage',
    ]);
  });
});

describe('landing path (section 6)', () => {
  const cases: [string, ReturnType<typeof accessOf> | null, string][] = [
    ['dashboard when permitted', accessOf(['view_dashboard', 'create_new_case']), '/dashboard'],
    ['first permitted menu route otherwise', accessOf(['view_users', 'view_manage_case'], { transaction_monitoring: false }), '/manage-case'],
    ['transaction monitoring before later groups', accessOf(['view_users']), '/transaction-listing'],
    ['no permissions: login', accessOf([], { transaction_monitoring: false }), '/login'],
    ['plan without details, may pay: plans', accessOf(['update_payment_method', 'view_dashboard'], plan(null)), '/plans'],
    ['plan without details, may not pay: first AML screening item', accessOf(['view_dashboard', 'view_manage_case'], plan(null)), '/manage-case'],
    ['plan without details, nothing in AML screening: login', accessOf(['view_dashboard'], { ...plan(null), transaction_monitoring: false }), '/login'],
    ['plan with details behaves normally', accessOf(['view_dashboard'], plan('basic')), '/dashboard'],
    ['demo organisation', accessOf(everyPermission, { is_demo: true }), '/demo'],
  ];
  it.each(cases)('%s', (_name, access, expected) => {
    expect(resolveLandingPath(access!)).toBe(expected);
  });

  it('always lands on a page the same user may open (property)', () => {
    const organisation = fc.record({
      is_demo: fc.boolean(),
      service_types: fc.subarray(['aml_screening', 'media_watcher'] as const),
      transaction_monitoring: fc.boolean(),
      usage_report: fc.boolean(),
      show_monitoring_configuration: fc.boolean(),
      billing_type: fc.constantFrom('plan' as const, 'invoice' as const),
      plan_details: fc.option(fc.record({ plan_name: fc.constantFrom('basic' as const, 'plus' as const) }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.subarray(PERMISSION_NAMES), organisation, (permissions, org) => {
        const access = accessOf(permissions, org);
        const path = resolveLandingPath(access);
        if (path === '/login' || path === '/demo') return true;
        const [pathname, search = ''] = path.split('?');
        return guardRoute(pathname, search, access).allow === true;
      }),
      { numRuns: 2000 },
    );
  });
});
