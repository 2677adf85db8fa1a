/**
 * Ticking permissions on the role screen, against the real catalogue: what
 * switches on together (Create New Case, Create Adverse Media), what switches
 * off together, administrator-only permissions, and, for any sequence of
 * clicks, a selection that the API would store unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSION_AREAS, PERMISSION_NAMES, PERMISSIONS, withDependencies } from '../../common/permissions';
import {
  areaState,
  dependentsOf,
  groupByArea,
  requirementsOf,
  selectPermission,
  toggleArea,
  togglePermission,
  type CataloguePermission,
} from '../../machines/admin/permission-selection';

// The catalogue as GET /api/permissions answers it.
const catalogue: CataloguePermission[] = PERMISSION_NAMES.map((name) => {
  const def = PERMISSIONS[name] as { area: string; adminOnly?: boolean; dependsOn?: readonly string[] };
  return { name, area: def.area, admin_only: Boolean(def.adminOnly), depends_on: [...(def.dependsOn ?? [])] };
});

describe('permission selection', () => {
  it('enabling Create New Case selects View Case with it', () => {
    const change = selectPermission(catalogue, [], 'create_new_case', false);
    expect(change.selected).toEqual(['create_new_case', 'view_case']);
    expect(change.addedAlongside).toEqual(['view_case']);
  });

  it('enabling Create Adverse Media selects View Adverse Media with it', () => {
    const change = selectPermission(catalogue, ['view_dashboard'], 'create_adverse_media', false);
    expect(change.selected).toEqual(['view_dashboard', 'create_adverse_media', 'view_adverse_media']);
    expect(change.addedAlongside).toEqual(['view_adverse_media']);
  });

  it('follows dependencies transitively, and says nothing about those already on', () => {
    expect(requirementsOf(catalogue, 'update_case')).toEqual(['view_case', 'view_case_result_detail', 'view_manage_case']);
    const change = selectPermission(catalogue, ['view_case'], 'update_case', false);
    expect(change.addedAlongside).toEqual(['view_case_result_detail', 'view_manage_case']);
  });

  it('switching a permission off switches off everything that needs it', () => {
    const all = withDependencies(['create_new_case', 'update_case', 'post_comment_on_case', 'view_dashboard']);
    const change = togglePermission(catalogue, all, 'view_case', false);
    expect(change.selected).toEqual(['view_dashboard', 'view_manage_case']);
    expect(change.removedAlongside).toEqual(['create_new_case', 'view_case_result_detail', 'update_case', 'post_comment_on_case']);
    expect(dependentsOf(catalogue, 'view_users')).toEqual(['create_users', 'update_users', 'delete_users']);
  });

  it('never selects an administrator-only permission for an ordinary role', () => {
    for (const name of PERMISSION_NAMES.filter((n) => PERMISSIONS[n].adminOnly)) {
      expect(selectPermission(catalogue, [], name, false).selected).toEqual([]);
    }
    // The area box leaves them out too.
    const area = toggleArea(catalogue, [], 'user_management', false);
    expect(area.selected).toEqual(['view_users', 'create_users', 'update_users', 'delete_users']);
    expect(areaState(catalogue, area.selected, 'user_management', false)).toBe('all');
  });

  it('the area box switches a whole area on, then off, and reports what it touched elsewhere', () => {
    const on = toggleArea(catalogue, [], 'aml_screening', false);
    expect(on.selected).toHaveLength(catalogue.filter((p) => p.area === 'aml_screening').length);
    expect(areaState(catalogue, on.selected, 'aml_screening', false)).toBe('all');
    const off = toggleArea(catalogue, on.selected, 'aml_screening', false);
    expect(off.selected).toEqual([]);
    expect(areaState(catalogue, ['view_case'], 'aml_screening', false)).toBe('some');
  });

  it('groups the catalogue by product area in order', () => {
    const areas = groupByArea(catalogue).map((g) => g.area);
    expect(areas).toEqual(PERMISSION_AREAS.filter((a) => catalogue.some((p) => p.area === a)));
  });

  it('for any clicks, the selection is what the API would store: closed under dependencies, no administrator-only permission', () => {
    const click = fc.oneof(
      fc.constantFrom(...PERMISSION_NAMES).map((name) => ({ kind: 'one' as const, name })),
      fc.constantFrom(...PERMISSION_AREAS).map((area) => ({ kind: 'area' as const, area })),
    );
    fc.assert(
      fc.property(fc.array(click, { maxLength: 40 }), (clicks) => {
        let selected: string[] = [];
        for (const c of clicks) {
          selected = (c.kind === 'one' ? togglePermission(catalogue, selected, c.name, false) : toggleArea(catalogue, selected, c.area, false)).selected;
        }
        expect(withDependencies(selected)).toEqual(selected);
        expect(selected.some((n) => PERMISSIONS[n as keyof typeof PERMISSIONS].adminOnly)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
