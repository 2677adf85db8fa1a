/**
 * The role drawer's statechart: transition by transition, then every
 * transition of the chart (paths generated with xstate/graph) replayed on a
 * running actor, each step checked against a reference written here: the calls
 * made with their arguments, the 'saved' events, and what the drawer shows.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { PERMISSION_NAMES, PERMISSIONS } from '../../common/permissions';
import { validateRoleName } from '../../common/validation';
import { toggleArea, togglePermission, type CataloguePermission } from '../../machines/admin/permission-selection';
import { roleEditorMachine, type LoadedRole } from '../../machines/admin/role-editor.machine';
import { deferredCalls, failure, flush, transitionPaths } from './harness';

const catalogue: CataloguePermission[] = PERMISSION_NAMES.map((name) => {
  const def = PERMISSIONS[name] as { area: string; adminOnly?: boolean; dependsOn?: readonly string[] };
  return { name, area: def.area, admin_only: Boolean(def.adminOnly), depends_on: [...(def.dependsOn ?? [])] };
});
const analystRole: LoadedRole = { _id: 'r2', name: 'Analyst', is_admin: false, user_count: 3, permissions: [{ name: 'view_dashboard' }] };
const adminRole: LoadedRole = { _id: 'r1', name: 'Administrator', is_admin: true, user_count: 1, permissions: catalogue.map((p) => ({ name: p.name })) };

function editor() {
  const calls = deferredCalls(['loadCatalogue', 'loadRole', 'saveRole'] as const);
  const actor = createActor(roleEditorMachine.provide({ actors: calls.actors })).start();
  const saved: unknown[] = [];
  actor.on('saved', (e) => saved.push(e));
  return { actor, saved, ...calls };
}

describe('role editor, transition by transition', () => {
  it('creates a role: loads the catalogue once, validates the name, ticks with dependencies, saves', async () => {
    const h = editor();
    h.actor.send({ type: 'CREATE' });
    expect(h.actor.getSnapshot().value).toBe('loadingCatalogue');
    await h.settle('loadCatalogue', { output: catalogue });
    expect(h.actor.getSnapshot().value).toBe('editing');
    h.actor.send({ type: 'SAVE' });
    expect(h.actor.getSnapshot().context.nameError).toBe('required');
    h.actor.send({ type: 'SET_NAME', name: 'Bad <name>' });
    h.actor.send({ type: 'SAVE' });
    expect(h.actor.getSnapshot().context.nameError).toBe('role_name_characters');
    h.actor.send({ type: 'SET_NAME', name: ' Screeners ' });
    h.actor.send({ type: 'TOGGLE', permission: 'create_new_case' });
    expect(h.actor.getSnapshot().context.selected).toEqual(['create_new_case', 'view_case']);
    expect(h.actor.getSnapshot().context.lastChange).toEqual({ added: ['view_case'], removed: [] });
    h.actor.send({ type: 'TOGGLE', permission: 'view_audit_history' });
    expect(h.actor.getSnapshot().context.selected).not.toContain('view_audit_history');
    h.actor.send({ type: 'SAVE' });
    expect(h.calls.at(-1)).toEqual({ name: 'saveRole', input: { roleId: null, name: 'Screeners', permissions: ['create_new_case', 'view_case'] } });
    await h.settle('saveRole', { output: { code: 'role_created' } });
    expect(h.actor.getSnapshot().value).toBe('closed');
    expect(h.saved).toEqual([{ type: 'saved', role: { code: 'role_created' }, created: true }]);
    // The catalogue is kept for the next opening.
    h.actor.send({ type: 'OPEN', roleId: 'r2' });
    expect(h.actor.getSnapshot().value).toBe('loadingRole');
  });

  it('edits a role: sends only what changed, and keeps a server error on the name field', async () => {
    const h = editor();
    h.actor.send({ type: 'OPEN', roleId: 'r2' });
    await h.settle('loadCatalogue', { output: catalogue });
    await h.settle('loadRole', { output: analystRole });
    expect(h.actor.getSnapshot().context).toMatchObject({ name: 'Analyst', userCount: 3, selected: ['view_dashboard'] });
    // Nothing changed: saving simply closes.
    h.actor.send({ type: 'SAVE' });
    expect(h.actor.getSnapshot().value).toBe('closed');
    h.actor.send({ type: 'OPEN', roleId: 'r2' });
    await h.settle('loadRole', { output: analystRole });
    h.actor.send({ type: 'SET_NAME', name: 'Administrator' });
    h.actor.send({ type: 'SAVE' });
    expect(h.calls.at(-1)!.input).toEqual({ roleId: 'r2', name: 'Administrator' });
    await h.settle('saveRole', { error: failure(409, 'Role name already exists', 'role_name_exists', 'name') });
    expect(h.actor.getSnapshot().value).toBe('editing');
    expect(h.actor.getSnapshot().context.error).toMatchObject({ code: 'role_name_exists', field: 'name' });
    h.actor.send({ type: 'RESET' });
    h.actor.send({ type: 'TOGGLE', permission: 'view_users' });
    h.actor.send({ type: 'SAVE' });
    expect(h.calls.at(-1)!.input).toEqual({ roleId: 'r2', permissions: ['view_dashboard', 'view_users'] });
  });

  it('asks before closing over unsaved changes', async () => {
    const h = editor();
    h.actor.send({ type: 'OPEN', roleId: 'r2' });
    await h.settle('loadCatalogue', { output: catalogue });
    await h.settle('loadRole', { output: analystRole });
    h.actor.send({ type: 'TOGGLE', permission: 'view_users' });
    h.actor.send({ type: 'CLOSE' });
    expect(h.actor.getSnapshot().value).toBe('confirmingClose');
    h.actor.send({ type: 'KEEP_EDITING' });
    expect(h.actor.getSnapshot().context.selected).toContain('view_users');
    h.actor.send({ type: 'CLOSE' });
    h.actor.send({ type: 'DISCARD' });
    expect(h.actor.getSnapshot().value).toBe('closed');
  });

  it('locks the administrator role\'s permissions and saves only its name', async () => {
    const h = editor();
    h.actor.send({ type: 'OPEN', roleId: 'r1' });
    await h.settle('loadCatalogue', { output: catalogue });
    await h.settle('loadRole', { output: adminRole });
    h.actor.send({ type: 'TOGGLE', permission: 'view_dashboard' });
    h.actor.send({ type: 'TOGGLE_AREA', area: 'dashboard' });
    expect(h.actor.getSnapshot().context.selected).toHaveLength(catalogue.length);
    h.actor.send({ type: 'SET_NAME', name: 'Owners' });
    h.actor.send({ type: 'SAVE' });
    expect(h.calls.at(-1)!.input).toEqual({ roleId: 'r1', name: 'Owners' });
  });

  it('offers a retry when loading fails', async () => {
    const h = editor();
    h.actor.send({ type: 'OPEN', roleId: 'r2' });
    await h.settle('loadCatalogue', { error: failure(null, 'Please check your internet connection.', 'offline') });
    expect(h.actor.getSnapshot().value).toBe('failed');
    h.actor.send({ type: 'RETRY' });
    await h.settle('loadCatalogue', { output: catalogue });
    await h.settle('loadRole', { output: analystRole });
    expect(h.actor.getSnapshot().value).toBe('editing');
    await flush();
  });
});

// ---------------------------------------------------------------------------
// Every transition, checked against a reference that is not the chart.

type Snapshot = SnapshotFrom<typeof roleEditorMachine>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as EventObject;
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as EventObject;

const MODEL_EVENTS = [
  { type: 'CREATE' },
  { type: 'OPEN', roleId: 'r2' },
  { type: 'SET_NAME', name: ' Screeners ' },
  { type: 'SET_NAME', name: '' },
  { type: 'TOGGLE', permission: 'create_new_case' },
  { type: 'TOGGLE_AREA', area: 'media_watcher' },
  { type: 'RESET' },
  { type: 'SAVE' },
  { type: 'CLOSE' },
  { type: 'DISCARD' },
  { type: 'KEEP_EDITING' },
  { type: 'RETRY' },
  done('loadCatalogue', catalogue),
  fail('loadCatalogue', failure(null, 'offline', 'offline')),
  done('loadRole', analystRole),
  fail('loadRole', failure(404, 'Not found.', 'not_found')),
  done('saveRole', { code: 'role_updated' }),
  fail('saveRole', failure(409, 'Role name already exists', 'role_name_exists', 'name')),
] as EventObject[];

/** What the drawer is doing, in the words of the roles screen. */
type Phase = 'closed' | 'loading catalogue' | 'loading role' | 'form' | 'asking to discard' | 'saving' | 'load failed';

interface Ref {
  phase: Phase;
  catalogueLoaded: boolean;
  roleId: string | null;
  isAdmin: boolean;
  name: string;
  originalName: string;
  selected: string[];
  originalSelected: string[];
  nameError: string | null;
  error: { code: string | undefined; field: string | null } | null;
}
type Call = { name: string; input: unknown };
type Step = { ref: Ref; calls: Call[]; saved: unknown[] };

const CLOSED: Ref = { phase: 'closed', catalogueLoaded: false, roleId: null, isAdmin: false, name: '', originalName: '', selected: [], originalSelected: [], nameError: null, error: null };
const sameSet = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join();
const dirty = (r: Ref) => r.name.trim() !== r.originalName || !sameSet(r.selected, r.originalSelected);

/** Opening a role (or a new one) needs the permission catalogue once, then the role itself. */
function open(r: Ref): Step {
  if (!r.catalogueLoaded) return { ref: { ...r, phase: 'loading catalogue' }, calls: [{ name: 'loadCatalogue', input: undefined }], saved: [] };
  if (r.roleId) return { ref: { ...r, phase: 'loading role' }, calls: [{ name: 'loadRole', input: { roleId: r.roleId } }], saved: [] };
  return { ref: { ...r, phase: 'form' }, calls: [], saved: [] };
}

function reference(r: Ref, event: EventObject & Record<string, any>): Step {
  const same: Step = { ref: r, calls: [], saved: [] };
  const blank = { ...CLOSED, catalogueLoaded: r.catalogueLoaded };
  const apiFailure = (e: any) => ({ code: e.code, field: e.data?.field ?? null });
  switch (event.type) {
    case 'CREATE':
      return r.phase === 'closed' ? open({ ...blank }) : same;
    case 'OPEN':
      return r.phase === 'closed' ? open({ ...blank, roleId: event.roleId }) : same;
    case 'RETRY':
      return r.phase === 'load failed' ? open(r) : same;
    case 'xstate.done.actor.loadCatalogue':
      return open({ ...r, catalogueLoaded: true });
    case 'xstate.error.actor.loadCatalogue':
    case 'xstate.error.actor.loadRole':
      return { ...same, ref: { ...r, phase: 'load failed', error: apiFailure(event.error) } };
    case 'xstate.done.actor.loadRole': {
      const role = event.output as LoadedRole;
      const names = role.permissions.map((p) => p.name);
      return { ...same, ref: { ...r, phase: 'form', isAdmin: role.is_admin, name: role.name, originalName: role.name, selected: names, originalSelected: names } };
    }
    case 'SET_NAME':
      return r.phase === 'form' ? { ...same, ref: { ...r, name: event.name, nameError: null, error: null } } : same;
    case 'TOGGLE':
      // The administrator role holds every permission; its boxes cannot be changed.
      if (r.phase !== 'form' || r.isAdmin) return same;
      return { ...same, ref: { ...r, selected: togglePermission(catalogue, r.selected, event.permission, false).selected, error: null } };
    case 'TOGGLE_AREA':
      if (r.phase !== 'form' || r.isAdmin) return same;
      return { ...same, ref: { ...r, selected: toggleArea(catalogue, r.selected, event.area, false).selected, error: null } };
    case 'RESET':
      return r.phase === 'form' ? { ...same, ref: { ...r, name: r.originalName, selected: r.originalSelected, nameError: null, error: null } } : same;
    case 'SAVE': {
      if (r.phase !== 'form') return same;
      const rule = validateRoleName(r.name);
      if (rule) return { ...same, ref: { ...r, nameError: rule } };
      const isNew = r.roleId === null;
      // An existing role with nothing changed closes without a call.
      if (!isNew && !dirty(r)) return { ...same, ref: { ...r, phase: 'closed' } };
      const name = r.name.trim();
      const input = {
        roleId: r.roleId,
        ...(isNew || name !== r.originalName ? { name } : {}),
        ...(!r.isAdmin && (isNew || !sameSet(r.selected, r.originalSelected)) ? { permissions: r.selected } : {}),
      };
      return { ref: { ...r, phase: 'saving' }, calls: [{ name: 'saveRole', input }], saved: [] };
    }
    case 'xstate.done.actor.saveRole':
      return { ref: { ...r, phase: 'closed' }, calls: [], saved: [{ type: 'saved', role: event.output, created: r.roleId === null }] };
    case 'xstate.error.actor.saveRole':
      return { ...same, ref: { ...r, phase: 'form', error: apiFailure(event.error) } };
    case 'CLOSE':
      if (r.phase === 'form') return { ...same, ref: { ...r, phase: dirty(r) ? 'asking to discard' : 'closed' } };
      if (r.phase === 'asking to discard' || r.phase === 'load failed') return { ...same, ref: { ...r, phase: 'closed' } };
      return same;
    case 'DISCARD':
      return r.phase === 'asking to discard' ? { ...same, ref: { ...r, phase: 'closed' } } : same;
    case 'KEEP_EDITING':
      return r.phase === 'asking to discard' ? { ...same, ref: { ...r, phase: 'form' } } : same;
    default:
      throw new Error(`no reference for ${event.type}`);
  }
}

/** The drawer as RoleDrawer.tsx draws it from the snapshot. */
function drawer(s: Snapshot) {
  const phase: Phase = s.matches('closed')
    ? 'closed'
    : s.matches('loadingCatalogue')
      ? 'loading catalogue'
      : s.matches('loadingRole')
        ? 'loading role'
        : s.matches('confirmingClose')
          ? 'asking to discard'
          : s.matches('saving')
            ? 'saving'
            : s.matches('failed')
              ? 'load failed'
              : 'form';
  const c = s.context;
  return { phase, name: c.name, selected: [...c.selected].sort(), nameError: c.nameError, error: c.error ? { code: c.error.code, field: c.error.field ?? null } : null };
}
const expectedDrawer = (r: Ref) => ({ phase: r.phase, name: r.name, selected: [...r.selected].sort(), nameError: r.nameError, error: r.error });

/** What decides the next step: the state, whether the catalogue is loaded, new or existing role, a valid name, unsaved changes. */
const serialize = (s: Snapshot) => {
  const c = s.context;
  const isDirty = c.name.trim() !== c.originalName || c.selected.join(',') !== c.originalSelected.join(',');
  return `${JSON.stringify(s.value)}|${c.catalogue.length > 0}|${c.roleId ?? 'new'}|${validateRoleName(c.name) ?? 'ok'}|${isDirty ? 'dirty' : 'clean'}`;
};
const describeEvent = (e: EventObject) => e.type.replace(/^xstate\.(done|error)\.actor\.(\w+)$/, (_m, kind, id) => `${id}:${kind === 'done' ? 'ok' : 'failed'}`);

describe('role editor, every transition against the reference', () => {
  const model = new TestModel(roleEditorMachine as any, { events: MODEL_EVENTS as never, serializeState: (s) => serialize(s as Snapshot) });
  const edges = transitionPaths(model as any, serialize as any);

  it('has every transition to replay', () => {
    expect(edges.length).toBeGreaterThan(60);
  });

  it.each(edges.map((p, i) => [`${i} ${p.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => describeEvent(s.event)).join(' → ')}`, p] as const))('%s', async (_d, path) => {
    const h = editor();
    let ref = CLOSED;
    let seenCalls = 0;
    let seenSaved = 0;
    for (const [i, step] of path.steps.entries()) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      if (event.type === 'xstate.init') continue;
      const expected = reference(ref, event);
      ref = expected.ref;
      const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
      if (match) await h.settle(match[2] as 'loadCatalogue' | 'loadRole' | 'saveRole', match[1] === 'done' ? { output: event.output } : { error: event.error });
      else {
        h.actor.send(event as never);
        await flush();
      }
      const where = `after step ${i} (${describeEvent(event)})`;
      expect(h.calls.slice(seenCalls), where).toEqual(expected.calls);
      expect(h.saved.slice(seenSaved), where).toEqual(expected.saved);
      expect(drawer(h.actor.getSnapshot()), where).toEqual(expectedDrawer(ref));
      seenCalls = h.calls.length;
      seenSaved = h.saved.length;
    }
  });
});
