/**
 * Every statechart of the catalogue, walked with xstate/graph from each of its
 * starts: every state node must be entered by some sequence of events and call
 * answers. A state no sequence reaches is dead design (or a catalogue sample
 * missing), and the failure names it.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { catalogue, type CatalogueEntry } from '../../machines/catalogue';
import { allStateIds, reachedStateIds, shortestPaths, transitionCover, unreachableStates, untakenTransitions } from './walk';

const root = join(import.meta.dirname, '..', '..');

function machineFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return machineFiles(path);
    return name.endsWith('.machine.ts') ? [relative(root, path).split('\\').join('/')] : [];
  });
}

describe('the catalogue', () => {
  it('lists every machine file under machines/', () => {
    const listed = new Set(catalogue.map((e) => e.file));
    expect(machineFiles(join(root, 'machines')).filter((f) => !listed.has(f))).toEqual([]);
  });

  it('names each machine once', () => {
    const ids = catalogue.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

describe.each(catalogue.map((e) => [e.id, e] as const))('%s', (_id, entry) => {
  it('reaches every state', () => {
    const states = allStateIds(entry.machine);
    expect(states.length).toBeGreaterThan(0);
    expect(unreachableStates(entry), `states of ${entry.id} no walk enters`).toEqual([]);
  });

  it('takes every transition of its definition, each guard branch included', () => {
    expect(untakenTransitions(entry), `transitions of ${entry.id} no walk takes (dead, or a sample missing in the catalogue)`).toEqual([]);
    // Each path of the cover ends with the transition it is there for.
    for (const path of transitionCover(entry)) expect(path.steps.at(-1)!.taken.length).toBeGreaterThan(0);
  });

  it('has a shortest path to every state value it can rest in', () => {
    const paths = shortestPaths(entry);
    expect(paths.length).toBeGreaterThan(0);
    // Each path ends where it says, and every step names the state it left the machine in.
    for (const path of paths) {
      if (path.steps.length) expect(path.steps.at(-1)!.state).toBe(path.target);
    }
  });
});

describe('the harness', () => {
  it('names a state that nothing leads to', () => {
    const island = setup({}).createMachine({
      id: 'island',
      initial: 'shore',
      states: { shore: { on: { SAIL: 'sea' } }, sea: {}, lagoon: { on: { SAIL: 'sea' } } },
    });
    const entry: CatalogueEntry = { id: 'island', file: '-', machine: island, description: '', walk: { events: [{ type: 'SAIL' }] } };
    expect(unreachableStates(entry)).toEqual(['island.lagoon']);
    expect([...reachedStateIds(entry)].sort()).toEqual(['island', 'island.sea', 'island.shore']);
  });

  it('sees a transient state that no snapshot rests in', () => {
    const passing = setup({}).createMachine({
      id: 'passing',
      initial: 'a',
      states: { a: { on: { GO: 'through' } }, through: { always: 'b' }, b: {} },
    });
    const entry: CatalogueEntry = { id: 'passing', file: '-', machine: passing, description: '', walk: { events: [] } };
    expect(unreachableStates(entry)).toEqual([]);
  });

  it('refuses to guess an answer the catalogue does not give', () => {
    const calling = setup({ actors: { call: fromPromise(async () => 1) } }).createMachine({ id: 'calling', initial: 'busy', states: { busy: { invoke: { id: 'call', src: 'call', onDone: 'done' } }, done: {} } });
    const entry: CatalogueEntry = { id: 'calling', file: '-', machine: calling, description: '', walk: { events: [] } };
    expect(() => unreachableStates(entry)).toThrow(/no sample answer for the call "call"/);
  });
});

describe('untaken transitions', () => {
  it('are named, guard and all', () => {
    const gate = setup({ guards: { open: () => false } }).createMachine({
      id: 'gate',
      initial: 'shut',
      states: { shut: { on: { PUSH: [{ guard: 'open', target: 'through' }, { target: 'shut' }] } }, through: {} },
    });
    const entry: CatalogueEntry = { id: 'gate', file: '-', machine: gate, description: '', walk: { events: [{ type: 'PUSH' }] } };
    expect(untakenTransitions(entry)).toEqual(['shut on PUSH [if open] → through']);
  });
});
