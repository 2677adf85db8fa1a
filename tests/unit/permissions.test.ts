import { describe, expect, it } from 'vitest';
import { ANALYST_PERMISSIONS, PERMISSIONS, PERMISSION_NAMES, isPermissionName, withDependencies } from '../../common/permissions';

describe('permission catalogue', () => {
  it('keeps every permission name the spec lists', () => {
    const spec = `view_dashboard, create_new_case, view_manage_case, view_case, view_case_result_detail, view_transaction_monitoring, create_adverse_media, view_adverse_media, view_users, view_roles_and_permissions, view_bulk_search, view_risk_score_engine, view_custom_listing, create_custom_listing, delete_custom_listing, delete_custom_listing_entry, post_comment_on_listing_entry, update_custom_list_entry_comment, delete_custom_list_entry_comment, view_custom_sources, create_custom_source, update_custom_source, delete_custom_source, view_ongoing_monitoring_settings, update_ongoing_monitoring_settings, view_webhooks, view_api, view_integration_guide, update_payment_method, view_search_profile, create_search_profile, update_search_profile, delete_search_profile`;
    for (const name of spec.split(', ')) expect(isPermissionName(name), name).toBe(true);
  });

  it('only depends on permissions that exist, without cycles back to itself', () => {
    for (const name of PERMISSION_NAMES) {
      for (const dep of PERMISSIONS[name].dependsOn ?? []) {
        expect(isPermissionName(dep), `${name} -> ${dep}`).toBe(true);
        expect(dep).not.toBe(name);
      }
    }
  });

  it('selects the dependent permission of Create New Case and Create Adverse Media', () => {
    expect(withDependencies(['create_new_case'])).toEqual(['create_new_case', 'view_case']);
    expect(withDependencies(['create_adverse_media']).sort()).toEqual(['create_adverse_media', 'view_adverse_media']);
  });

  it('gives the analyst no administrator-only permission', () => {
    expect(ANALYST_PERMISSIONS.filter((p) => PERMISSIONS[p].adminOnly)).toEqual([]);
    expect(ANALYST_PERMISSIONS).toContain('create_new_case');
  });
});
