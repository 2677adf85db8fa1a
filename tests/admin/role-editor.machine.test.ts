/**
 * The role drawer's statechart: transition by transition, then every state
 * reached by paths generated from the machine (xstate/graph) and replayed on a
 * running actor whose calls the test settles.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { PERMISSION_NAMES, PERMISSIONS } from '../../common/permissions';
import { validateRoleName } from '../../common/validation';
import type { CataloguePermission } from '../../machines/admin/permission-selection';
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
// Model-based: every state reached by generated paths, replayed on a running actor.

type Snapshot = SnapshotFrom<typeof roleEditorMachine>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as EventObject;
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as EventObject;

const MODEL_EVENTS = [
  { type: 'CREATE' },
  { type: 'OPEN', roleId: 'r2' },
  { type: 'SET_NAME', name: 'Screeners' },
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

const stateKey = (s: Snapshot) => JSON.stringify(s.value);
const EXPECTED_STATES = ['closed', 'loadingCatalogue', 'loadingRole', 'editing', 'confirmingClose', 'saving', 'failed'].map((v) => JSON.stringify(v));

/** What decides the next step: the state, whether the catalogue is loaded, new or existing role, a valid name, unsaved changes. */
const serialize = (s: Snapshot) => {
  const c = s.context;
  const dirty = c.name.trim() !== c.originalName || c.selected.join(',') !== c.originalSelected.join(',');
  return `${stateKey(s)}|${c.catalogue.length > 0}|${c.roleId ?? 'new'}|${validateRoleName(c.name) ?? 'ok'}|${dirty ? 'dirty' : 'clean'}`;
};

describe('role editor model', () => {
  const model = new TestModel(roleEditorMachine as any, {
    events: MODEL_EVENTS as never,
    // Context that changes what can happen next: is the catalogue loaded, is it a new role, is the name valid, is it dirty.
    serializeState: (s) => serialize(s as Snapshot),
  });
  const paths = model.getShortestPaths();

  it('reaches every state of the chart', () => {
    const reached = new Set(paths.flatMap((p) => [...p.steps.map((step) => stateKey(step.state as Snapshot)), stateKey(p.state as Snapshot)]));
    reached.delete(JSON.stringify('opening'));
    expect([...reached].sort()).toEqual([...EXPECTED_STATES].sort());
  });

  const edges = transitionPaths(model as any, serialize as any);

  it('has every transition to replay', () => {
    expect(edges.length).toBeGreaterThan(60);
  });

  it.each(edges.map((p, i) => [`${i} ${p.description}`, p] as const))('replays %s on a running actor', async (_d, path) => {
    const h = editor();
    for (const step of path.steps) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
      if (match) await h.settle(match[2] as 'loadCatalogue' | 'loadRole' | 'saveRole', match[1] === 'done' ? { output: event.output } : { error: event.error });
      else {
        h.actor.send(event as never);
        await flush();
      }
      expect(serialize(h.actor.getSnapshot())).toBe(serialize(step.state as Snapshot));
    }
  });
});
