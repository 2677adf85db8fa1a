/**
 * The permission catalogue. Names in section 6 of the spec are kept verbatim;
 * the create/update/delete counterparts the spec mentions without naming follow
 * the same pattern. Grouping, dependencies and administrator-only flags are our
 * decisions, written down in docs/permissions.md.
 */

export const PERMISSION_AREAS = [
  'dashboard',
  'aml_screening',
  'transaction_monitoring',
  'media_watcher',
  'user_management',
  'advance_features',
  'api',
  'billing',
  'search_profile',
  'administration',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

interface PermissionDefinition {
  area: PermissionArea;
  /** Permissions that are switched on together with this one, because it is useless without them (checked in tests). */
  dependsOn?: readonly string[];
  /** Only a role marked as the organisation's administrator role may hold it. */
  adminOnly?: boolean;
}

const definitions = {
  view_dashboard: { area: 'dashboard' },

  create_new_case: { area: 'aml_screening', dependsOn: ['view_case'] },
  view_case: { area: 'aml_screening' },
  view_case_result_detail: { area: 'aml_screening', dependsOn: ['view_case'] },
  view_manage_case: { area: 'aml_screening' },
  update_case: { area: 'aml_screening', dependsOn: ['view_manage_case', 'view_case_result_detail'] },
  delete_case: { area: 'aml_screening', dependsOn: ['view_manage_case'] },
  export_cases: { area: 'aml_screening', dependsOn: ['view_manage_case'] },
  post_comment_on_case: { area: 'aml_screening', dependsOn: ['view_case_result_detail'] },

  view_transaction_monitoring: { area: 'transaction_monitoring' },

  create_adverse_media: { area: 'media_watcher', dependsOn: ['view_adverse_media'] },
  view_adverse_media: { area: 'media_watcher' },

  view_users: { area: 'user_management' },
  create_users: { area: 'user_management', dependsOn: ['view_users'] },
  update_users: { area: 'user_management', dependsOn: ['view_users'] },
  delete_users: { area: 'user_management', dependsOn: ['view_users'] },
  view_roles_and_permissions: { area: 'user_management', adminOnly: true },
  create_roles_and_permissions: { area: 'user_management', dependsOn: ['view_roles_and_permissions'], adminOnly: true },
  update_roles_and_permissions: { area: 'user_management', dependsOn: ['view_roles_and_permissions'], adminOnly: true },
  delete_roles_and_permissions: { area: 'user_management', dependsOn: ['view_roles_and_permissions'], adminOnly: true },

  view_bulk_search: { area: 'advance_features' },
  view_risk_score_engine: { area: 'advance_features' },
  create_risk_score_engine: { area: 'advance_features', dependsOn: ['view_risk_score_engine'] },
  update_risk_score_engine: { area: 'advance_features', dependsOn: ['view_risk_score_engine'] },
  delete_risk_score_engine: { area: 'advance_features', dependsOn: ['view_risk_score_engine'] },
  view_custom_listing: { area: 'advance_features' },
  create_custom_listing: { area: 'advance_features', dependsOn: ['view_custom_listing'] },
  delete_custom_listing: { area: 'advance_features', dependsOn: ['view_custom_listing'] },
  delete_custom_listing_entry: { area: 'advance_features', dependsOn: ['view_custom_listing'] },
  post_comment_on_listing_entry: { area: 'advance_features', dependsOn: ['view_custom_listing'] },
  update_custom_list_entry_comment: { area: 'advance_features', dependsOn: ['view_custom_listing'] },
  delete_custom_list_entry_comment: { area: 'advance_features', dependsOn: ['view_custom_listing'] },
  view_custom_sources: { area: 'advance_features' },
  create_custom_source: { area: 'advance_features', dependsOn: ['view_custom_sources'] },
  update_custom_source: { area: 'advance_features', dependsOn: ['view_custom_sources'] },
  delete_custom_source: { area: 'advance_features', dependsOn: ['view_custom_sources'] },
  view_ongoing_monitoring_settings: { area: 'advance_features' },
  update_ongoing_monitoring_settings: { area: 'advance_features', dependsOn: ['view_ongoing_monitoring_settings'] },

  view_webhooks: { area: 'api' },
  create_webhooks: { area: 'api', dependsOn: ['view_webhooks'] },
  delete_webhooks: { area: 'api', dependsOn: ['view_webhooks'] },
  update_webhook_secret_key: { area: 'api', adminOnly: true },
  view_api: { area: 'api' },
  create_api_key: { area: 'api', dependsOn: ['view_api'], adminOnly: true },
  delete_api_key: { area: 'api', dependsOn: ['view_api'], adminOnly: true },
  view_integration_guide: { area: 'api' },

  update_payment_method: { area: 'billing', adminOnly: true },

  view_search_profile: { area: 'search_profile' },
  create_search_profile: { area: 'search_profile', dependsOn: ['view_search_profile'] },
  update_search_profile: { area: 'search_profile', dependsOn: ['view_search_profile'] },
  delete_search_profile: { area: 'search_profile', dependsOn: ['view_search_profile'] },

  view_audit_history: { area: 'administration', adminOnly: true },
  view_feedback: { area: 'administration', adminOnly: true },
} satisfies Record<string, PermissionDefinition>;

export type PermissionName = keyof typeof definitions;
export const PERMISSIONS: Readonly<Record<PermissionName, PermissionDefinition>> = definitions;
export const PERMISSION_NAMES = Object.keys(definitions) as PermissionName[];

export function isPermissionName(value: string): value is PermissionName {
  return Object.prototype.hasOwnProperty.call(definitions, value);
}

/** The permission set closed under dependsOn: what a role really holds once saved. */
export function withDependencies(names: Iterable<string>): PermissionName[] {
  const result = new Set<PermissionName>();
  const visit = (name: string) => {
    if (!isPermissionName(name) || result.has(name)) return;
    result.add(name);
    for (const dep of (PERMISSIONS[name] as PermissionDefinition).dependsOn ?? []) visit(dep);
  };
  for (const name of names) visit(name);
  return PERMISSION_NAMES.filter((n) => result.has(n));
}

/** A realistic analyst: screens, reviews and comments, but administers nothing. */
export const ANALYST_PERMISSIONS: readonly PermissionName[] = withDependencies([
  'view_dashboard',
  'create_new_case',
  'view_case',
  'view_case_result_detail',
  'view_manage_case',
  'update_case',
  'export_cases',
  'post_comment_on_case',
  'create_adverse_media',
  'view_adverse_media',
  'view_bulk_search',
  'view_custom_listing',
  'post_comment_on_listing_entry',
  'view_search_profile',
  'view_integration_guide',
]);
