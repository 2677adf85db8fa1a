/**
 * Ticking permissions on the role screen (section 6, docs/decisions.md
 * "Access"): switching one on switches on what it depends on (Create New Case
 * brings View Case, Create Adverse Media brings View Adverse Media); switching
 * one off switches off what depends on it, so a role never holds a permission
 * that cannot work. Administrator-only permissions cannot be ticked on a role
 * that is not the administrator role. Pure functions over the catalogue the
 * API answers (GET /api/permissions).
 */

export interface CataloguePermission {
  name: string;
  area: string;
  admin_only: boolean;
  depends_on: string[];
}

export type Catalogue = readonly CataloguePermission[];

const byName = (catalogue: Catalogue) => new Map(catalogue.map((p) => [p.name, p]));

/** Keeps the catalogue's order, so the saved list and the screen agree. */
const ordered = (catalogue: Catalogue, names: Set<string>) => catalogue.filter((p) => names.has(p.name)).map((p) => p.name);

export function isSelectable(permission: CataloguePermission, adminRole: boolean): boolean {
  return adminRole || !permission.admin_only;
}

/** Everything a permission needs, transitively. */
export function requirementsOf(catalogue: Catalogue, name: string): string[] {
  const index = byName(catalogue);
  const found = new Set<string>();
  const visit = (n: string) => {
    for (const dep of index.get(n)?.depends_on ?? []) {
      if (!found.has(dep)) {
        found.add(dep);
        visit(dep);
      }
    }
  };
  visit(name);
  return ordered(catalogue, found);
}

/** Everything that needs a permission, transitively. */
export function dependentsOf(catalogue: Catalogue, name: string): string[] {
  const found = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of catalogue) {
      if (!found.has(p.name) && p.depends_on.some((d) => d === name || found.has(d))) {
        found.add(p.name);
        grew = true;
      }
    }
  }
  return ordered(catalogue, found);
}

export interface SelectionChange {
  selected: string[];
  /** Switched on because something selected needs them (the screen says so). */
  addedAlongside: string[];
  /** Switched off because they need something deselected. */
  removedAlongside: string[];
}

export function selectPermission(catalogue: Catalogue, selected: readonly string[], name: string, adminRole: boolean): SelectionChange {
  const permission = byName(catalogue).get(name);
  const current = new Set(selected);
  if (!permission || !isSelectable(permission, adminRole) || current.has(name)) return { selected: [...selected], addedAlongside: [], removedAlongside: [] };
  const needed = requirementsOf(catalogue, name).filter((n) => !current.has(n));
  const next = new Set([...current, name, ...needed]);
  return { selected: ordered(catalogue, next), addedAlongside: needed, removedAlongside: [] };
}

export function deselectPermission(catalogue: Catalogue, selected: readonly string[], name: string): SelectionChange {
  const current = new Set(selected);
  if (!current.has(name)) return { selected: [...selected], addedAlongside: [], removedAlongside: [] };
  const dependents = dependentsOf(catalogue, name).filter((n) => current.has(n));
  current.delete(name);
  for (const d of dependents) current.delete(d);
  return { selected: ordered(catalogue, current), addedAlongside: [], removedAlongside: dependents };
}

export function togglePermission(catalogue: Catalogue, selected: readonly string[], name: string, adminRole: boolean): SelectionChange {
  return selected.includes(name) ? deselectPermission(catalogue, selected, name) : selectPermission(catalogue, selected, name, adminRole);
}

/** The selectable permissions of one product area. */
export function areaPermissions(catalogue: Catalogue, area: string, adminRole: boolean): string[] {
  return catalogue.filter((p) => p.area === area && isSelectable(p, adminRole)).map((p) => p.name);
}

export type AreaState = 'all' | 'some' | 'none';

export function areaState(catalogue: Catalogue, selected: readonly string[], area: string, adminRole: boolean): AreaState {
  const names = areaPermissions(catalogue, area, adminRole);
  const count = names.filter((n) => selected.includes(n)).length;
  return count === 0 ? 'none' : count === names.length ? 'all' : 'some';
}

/** The area's box: when all are on it switches them all off, otherwise it switches them all on. */
export function toggleArea(catalogue: Catalogue, selected: readonly string[], area: string, adminRole: boolean): SelectionChange {
  const names = areaPermissions(catalogue, area, adminRole);
  const turningOff = areaState(catalogue, selected, area, adminRole) === 'all';
  let state: SelectionChange = { selected: [...selected], addedAlongside: [], removedAlongside: [] };
  for (const name of names) {
    const step = turningOff ? deselectPermission(catalogue, state.selected, name) : selectPermission(catalogue, state.selected, name, adminRole);
    state = {
      selected: step.selected,
      addedAlongside: [...state.addedAlongside, ...step.addedAlongside.filter((n) => !names.includes(n))],
      removedAlongside: [...state.removedAlongside, ...step.removedAlongside.filter((n) => !names.includes(n))],
    };
  }
  return state;
}

/** Areas in the catalogue's order, each with its permissions. */
export function groupByArea(catalogue: Catalogue): { area: string; permissions: CataloguePermission[] }[] {
  const groups = new Map<string, CataloguePermission[]>();
  for (const p of catalogue) {
    const list = groups.get(p.area) ?? [];
    list.push(p);
    groups.set(p.area, list);
  }
  return [...groups].map(([area, permissions]) => ({ area, permissions }));
}

export const sameSelection = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((n) => b.includes(n));
