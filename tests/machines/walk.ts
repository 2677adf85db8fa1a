/**
 * Exploring a statechart from the catalogue without running it: the graph of
 * its snapshots (xstate/graph, which applies the machine's own transition
 * function), which state nodes that graph reaches, its shortest and simple
 * paths, and each path told as numbered steps a tester can follow: the event
 * (or the answer of a call), the transitions it took and the guards that chose
 * them, and the state reached.
 *
 * Invoked calls are not run: their answers are the catalogue's sample
 * xstate.done.actor.* / xstate.error.actor.* events, sent like any other event.
 * Transient states (only `always` transitions) never rest in a snapshot, so the
 * microsteps of every edge are replayed (getMicrosteps) to see them entered.
 */
import { getInitialMicrosteps, getMicrosteps, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type AdjacencyMap, type StatePath, type TraversalOptions } from 'xstate/graph';
import type { CatalogueEntry, Start } from '../../machines/catalogue';

type Snap = AnyMachineSnapshot;
type AnyNode = AnyStateMachine['root'];
type AnyTransition = ReturnType<AnyStateMachine['getTransitionData']>[number];

// ---------------------------------------------------------------- Events to try in a snapshot

const CALL = /^xstate\.(done|error)\.actor\.(.+)$/;

/** Labels of sample call answers ("login answers: signed in"), kept beside the event objects. */
const labels = new WeakMap<EventObject, string>();
/** The same, as parts: which call, how it ended, and the sample's name. */
const answers = new WeakMap<EventObject, CallAnswer>();

export interface CallAnswer {
  /** The actor's name in setup() ('login'). */
  src: string;
  kind: 'done' | 'error';
  /** The catalogue's name for the sample ('code by e-mail asked'). */
  label: string;
}

function matchesDescriptor(descriptor: string, type: string): boolean {
  if (descriptor === '*' || descriptor === type) return true;
  if (!descriptor.endsWith('.*')) return false;
  const prefix = descriptor.slice(0, -1);
  return type.startsWith(prefix);
}

export class MissingSample extends Error {}

/** The events a snapshot's states accept, each with the catalogue's sample payloads. */
function eventsFor(entry: CatalogueEntry, snapshot: Snap): EventObject[] {
  const descriptors = [...new Set(snapshot._nodes.flatMap((n: AnyNode) => n.ownEvents as string[]))];
  const out: EventObject[] = [];
  for (const descriptor of descriptors) {
    const call = CALL.exec(descriptor);
    if (call && !descriptor.includes('*')) {
      const [, kind, id] = call;
      const invoke = snapshot._nodes.flatMap((n: AnyNode) => n.invoke).find((i: { id: string }) => i.id === id);
      const src = typeof invoke?.src === 'string' ? invoke.src : id;
      const samples = entry.walk.actors?.[src]?.[kind as 'done' | 'error'];
      if (!samples) throw new MissingSample(`${entry.id}: no sample ${kind === 'done' ? 'answer' : 'failure'} for the call "${src}" (catalogue: walk.actors.${src}.${kind})`);
      for (const [label, payload] of Object.entries(samples)) {
        const event = kind === 'done' ? { type: descriptor, output: payload } : { type: descriptor, error: payload };
        labels.set(event, `${src} ${kind === 'done' ? 'answers' : 'fails'}: ${label}`);
        answers.set(event, { src, kind: kind as 'done' | 'error', label });
        out.push(event);
      }
      continue;
    }
    const samples = entry.walk.events.filter((e) => matchesDescriptor(descriptor, e.type));
    if (samples.length) out.push(...samples);
    else if (!descriptor.includes('*')) out.push({ type: descriptor });
  }
  return out;
}

// ---------------------------------------------------------------- Serialising

const safeJson = (value: unknown) =>
  JSON.stringify(value, (_k, v) => (v instanceof Error ? Object.assign({ message: v.message }, v) : typeof v === 'function' ? undefined : v));

function serializer(entry: CatalogueEntry) {
  return (s: Snap) => safeJson({ value: s.value, key: entry.walk.key ? entry.walk.key(s.context) : s.context, status: s.status });
}

const serializeEvent = (e: EventObject) => labels.get(e) ?? safeJson(e);

// ---------------------------------------------------------------- The graph

export interface StartGraph {
  start: Start;
  initial: Snap;
  adjacency: AdjacencyMap<Snap, EventObject>;
  options: TraversalOptions<Snap, EventObject, unknown>;
}

export function machineOf(entry: CatalogueEntry): AnyStateMachine {
  return entry.walk.provide ? entry.machine.provide(entry.walk.provide as never) : entry.machine;
}

export function startsOf(entry: CatalogueEntry): Start[] {
  return entry.walk.starts ?? [{ label: 'start' }];
}

export function graphs(entry: CatalogueEntry): StartGraph[] {
  const machine = machineOf(entry);
  return startsOf(entry).map((start) => {
    const initial = getInitialMicrosteps(machine, start.input as never).at(-1)![0] as Snap;
    const options: TraversalOptions<Snap, EventObject, unknown> = {
      input: start.input,
      fromState: initial,
      events: (s: Snap) => eventsFor(entry, s),
      serializeState: serializer(entry),
      serializeEvent,
      // A chart whose samples never repeat a key would walk forever: stop and say so.
      limit: 20_000,
    };
    return { start, initial, options, adjacency: getAdjacencyMap(machine as never, options as never) as AdjacencyMap<Snap, EventObject> };
  });
}

// ---------------------------------------------------------------- Reaching every state

/** Every state node of a machine by id, the root left out. */
export function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyNode) => {
    for (const child of Object.values(node.states) as AnyNode[]) {
      ids.push(child.id);
      visit(child);
    }
  };
  visit(machine.root);
  return ids;
}

/** The state nodes the walk enters, transient ones included. */
export function reachedStateIds(entry: CatalogueEntry): Set<string> {
  const machine = machineOf(entry);
  const reached = new Set<string>();
  const note = (s: Snap) => s._nodes.forEach((n: AnyNode) => reached.add(n.id));
  for (const g of graphs(entry)) {
    for (const [s] of getInitialMicrosteps(machine, g.start.input as never)) note(s as Snap);
    for (const { state, transitions } of Object.values(g.adjacency)) {
      note(state);
      for (const { event } of Object.values(transitions) as { event: EventObject }[]) {
        for (const [s] of getMicrosteps(machine, state as never, event as never)) note(s as Snap);
      }
    }
  }
  return reached;
}

/** Transitions of the definition that no walked edge takes, described for a failure message. */
export function untakenTransitions(entry: CatalogueEntry): string[] {
  const machine = machineOf(entry);
  const taken = new Set<AnyTransition>();
  for (const g of graphs(entry)) {
    const init = { type: 'xstate.init', input: g.start.input } as EventObject;
    const initial = getInitialMicrosteps(machine, g.start.input as never).map(([s]) => s as Snap);
    for (let i = 0; i + 1 < initial.length; i++) eventlessTaken(machine, initial[i], init).forEach((t) => taken.add(t));
    for (const { state, transitions } of Object.values(g.adjacency)) {
      for (const { event } of Object.values(transitions) as { event: EventObject }[]) {
        machine.getTransitionData(state as never, event as never).forEach((t) => taken.add(t));
        const micro = getMicrosteps(machine, state as never, event as never).map(([s]) => s as Snap);
        for (let i = 0; i + 1 < micro.length; i++) eventlessTaken(machine, micro[i], event).forEach((t) => taken.add(t));
      }
    }
  }
  const all: AnyTransition[] = [];
  const visit = (node: AnyNode) => {
    for (const list of node.transitions.values() as Iterable<AnyTransition[]>) all.push(...list);
    all.push(...((node.always ?? []) as AnyTransition[]));
    for (const child of Object.values(node.states) as AnyNode[]) visit(child);
  };
  visit(machine.root);
  return all
    .filter((t) => !taken.has(t))
    .map((t) => {
      const d = takenOf(machine, t);
      return `${d.from} on ${t.eventType || 'always'}${describeGuard(d)} → ${d.to ?? '(stays)'}`;
    });
}

export function unreachableStates(entry: CatalogueEntry): string[] {
  const reached = reachedStateIds(entry);
  return allStateIds(entry.machine).filter((id) => !reached.has(id));
}

// ---------------------------------------------------------------- Paths told as steps

export interface Taken {
  from: string;
  /** Null for a transition without a target: handled where it is (actions only). */
  to: string | null;
  guard: string | null;
  /** An unguarded transition listed after guarded ones is taken because none of them held: their guards. */
  otherwise: string[];
  description: string | null;
}

export interface ReadableStep {
  event: string;
  /** The event's type as the machine receives it, and its payload. */
  type: string;
  payload: Record<string, unknown>;
  /** For the answer of an invoked call: which call and which sample. */
  answer: CallAnswer | null;
  taken: Taken[];
  state: string;
}

export interface ReadablePath {
  start: string;
  /** The state the path ends in, as a dotted name. */
  target: string;
  steps: ReadableStep[];
}

/** 'twoFactor.email', or 'list.loading + typing.idle' for parallel states. */
export function stateName(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([k, v]) => {
    const inner = stateName(v as StateValue);
    return inner ? `${k}.${inner}` : k;
  });
  return parts.join(' + ');
}

/** A dotted name relative to the machine ('twoFactor.email') from a state node id ('session.twoFactor.email'). */
const relative = (machine: AnyStateMachine, id: string) => (id === machine.id ? '(root)' : id.startsWith(`${machine.id}.`) ? id.slice(machine.id.length + 1) : id);

export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in (guard as object)) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name && !/^(anonymous|guard)$/.test(guard.name) ? guard.name : 'a condition';
  return String(guard);
}

function otherwiseThan(t: AnyTransition): string[] {
  if (t.guard) return [];
  const siblings: AnyTransition[] = (t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType)) ?? [];
  return siblings.slice(0, siblings.indexOf(t)).map((s) => guardName(s.guard)).filter((g): g is string => g !== null);
}

function takenOf(machine: AnyStateMachine, t: AnyTransition): Taken {
  return {
    from: relative(machine, t.source.id),
    to: t.target?.length ? t.target.map((n: AnyNode) => relative(machine, n.id)).join(', ') : null,
    guard: guardName(t.guard),
    otherwise: otherwiseThan(t),
    description: (t as { description?: string }).description ?? null,
  };
}

function evaluateGuard(machine: AnyStateMachine, guard: unknown, snapshot: Snap, event: EventObject): boolean {
  if (!guard) return true;
  const args = { context: snapshot.context, event };
  if (typeof guard === 'function') return Boolean((guard as (a: unknown, p: unknown) => unknown)(args, undefined));
  const type = typeof guard === 'string' ? guard : (guard as { type: string }).type;
  const raw = typeof guard === 'object' ? (guard as { params?: unknown }).params : undefined;
  const params = typeof raw === 'function' ? raw(args) : raw;
  const impl = (machine.implementations.guards as Record<string, (a: unknown, p: unknown) => unknown>)[type];
  return Boolean(impl?.(args, params));
}

/** The eventless transitions a settled-but-transient snapshot takes next. */
function eventlessTaken(machine: AnyStateMachine, snapshot: Snap, event: EventObject): AnyTransition[] {
  const out: AnyTransition[] = [];
  const atomic = snapshot._nodes.filter((n: AnyNode) => n.type === 'atomic' || n.type === 'final');
  for (const leaf of atomic) {
    for (let node: AnyNode | undefined = leaf; node; node = node.parent) {
      const chosen = (node.always ?? []).find((t: AnyTransition) => evaluateGuard(machine, t.guard, snapshot, event));
      if (chosen) {
        if (!out.includes(chosen)) out.push(chosen);
        break;
      }
    }
  }
  return out;
}

function describeEvent(machine: AnyStateMachine, event: EventObject): string {
  const label = labels.get(event);
  if (label) return label;
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return `wait: ${after[1]} passes`;
  if (event.type.startsWith('xstate.error.actor.')) return `a background call fails (${event.type.slice('xstate.error.actor.'.length)})`;
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const shown = Object.keys(payload).length ? ` ${safeJson(payload)}` : '';
  void machine;
  return `${type}${shown}`;
}

function readableStep(machine: AnyStateMachine, from: Snap, event: EventObject): ReadableStep {
  const micro = getMicrosteps(machine, from as never, event as never).map(([s]) => s as Snap);
  const taken: Taken[] = machine.getTransitionData(from as never, event as never).map((t) => takenOf(machine, t));
  for (let i = 0; i + 1 < micro.length; i++) taken.push(...eventlessTaken(machine, micro[i], event).map((t) => takenOf(machine, t)));
  const end = micro.at(-1) ?? from;
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  return { event: describeEvent(machine, event), type, payload, answer: answers.get(event) ?? null, taken, state: stateName(end.value) };
}

/** How a start's initial microsteps settle (transient states decided by the input). */
export function initialSteps(entry: CatalogueEntry, start: Start): Taken[] {
  const machine = machineOf(entry);
  const micro = getInitialMicrosteps(machine, start.input as never).map(([s]) => s as Snap);
  const init = { type: 'xstate.init', input: start.input } as EventObject;
  const taken: Taken[] = [];
  for (let i = 0; i + 1 < micro.length; i++) taken.push(...eventlessTaken(machine, micro[i], init).map((t) => takenOf(machine, t)));
  return taken;
}

function toReadable(entry: CatalogueEntry, start: Start, path: StatePath<Snap, EventObject>): ReadablePath {
  const machine = machineOf(entry);
  // The paths xstate/graph answers begin with an xstate.init step standing for the start.
  const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');
  const readable: ReadableStep[] = [];
  let from = path.steps[0]?.state ?? path.state;
  for (const step of steps) {
    readable.push(readableStep(machine, from, step.event));
    from = step.state;
  }
  return { start: start.label, target: stateName(path.state.value), steps: readable };
}

/** The shortest path to every state value, from every start (the first start that reaches a state wins). */
export function shortestPaths(entry: CatalogueEntry): ReadablePath[] {
  const machine = machineOf(entry);
  const seen = new Set<string>();
  const out: ReadablePath[] = [];
  for (const g of graphs(entry)) {
    const paths = getShortestPaths(machine as never, g.options as never) as StatePath<Snap, EventObject>[];
    // Shortest first, so each state is named by its shortest way in.
    for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
      const target = stateName(path.state.value);
      if (seen.has(target)) continue;
      seen.add(target);
      out.push(toReadable(entry, g.start, path));
    }
  }
  return out;
}

/**
 * Every transition of the chart, once: the shortest path to a snapshot where it
 * can be taken, then the event that takes it (call answers included). A suite
 * that replays these has taken every edge of the diagram at least once, each
 * guard's branches included, not only visited every state.
 */
export function transitionCover(entry: CatalogueEntry): ReadablePath[] {
  const machine = machineOf(entry);
  const serialize = serializer(entry);
  const seen = new Set<string>();
  const edgeOf = (step: ReadableStep) =>
    `${step.answer ? `${step.answer.src}.${step.answer.kind}` : step.type}|${step.taken.map((t) => `${t.from}>${t.to}${describeGuard(t)}`).join(';')}`;
  const out: ReadablePath[] = [];
  for (const g of graphs(entry)) {
    const paths = (getShortestPaths(machine as never, g.options as never) as StatePath<Snap, EventObject>[]).sort((a, b) => a.steps.length - b.steps.length);
    for (const path of paths) {
      const node = g.adjacency[serialize(path.state) as keyof typeof g.adjacency];
      if (!node) continue;
      const head = toReadable(entry, g.start, path);
      for (const { event } of Object.values(node.transitions) as { event: EventObject }[]) {
        const step = readableStep(machine, path.state, event);
        // A step that takes no transition (an event the state ignores in this context) is no edge.
        if (!step.taken.length) continue;
        const key = edgeOf(step);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ start: g.start.label, target: step.state, steps: [...head.steps, step] });
      }
    }
  }
  return out;
}

/** Whether a snapshot is in the named state ('twoFactor', 'twoFactor.email', 'signedOut.expired'). */
export function inState(s: Snap, name: string): boolean {
  return s.matches(name.split('.').reduceRight<StateValue>((inner, key) => (inner === '' ? key : { [key]: inner }), '') as never);
}

export interface SimplePathsResult {
  /** The shortest way to the first snapshot in `from`, where the simple paths begin. */
  lead: ReadablePath | null;
  paths: ReadablePath[];
}

/** Every path from the first snapshot in `from` to a snapshot in `to` that visits no snapshot twice. */
export function simplePaths(entry: CatalogueEntry, from: string, to: string, max = 50): SimplePathsResult {
  const machine = machineOf(entry);
  for (const g of graphs(entry)) {
    const leads = (getShortestPaths(machine as never, { ...g.options, toState: (s: Snap) => inState(s, from) } as never) as StatePath<Snap, EventObject>[]).sort(
      (a, b) => a.steps.length - b.steps.length,
    );
    const lead = leads[0];
    if (!lead) continue;
    const paths = (getSimplePaths(machine as never, { ...g.options, fromState: lead.state, toState: (s: Snap) => inState(s, to) } as never) as StatePath<Snap, EventObject>[])
      .filter((p) => p.steps.some((s) => s.event.type !== 'xstate.init'))
      .sort((a, b) => a.steps.length - b.steps.length)
      .slice(0, max);
    return { lead: toReadable(entry, g.start, lead), paths: paths.map((p) => toReadable(entry, g.start, p)) };
  }
  return { lead: null, paths: [] };
}

/** '[if guard]', or '[not g1, not g2]' for the fallback after guarded transitions. */
export function describeGuard(t: Taken): string {
  if (t.guard) return ` [if ${t.guard}]`;
  if (t.otherwise.length) return ` [${t.otherwise.map((g) => `not ${g}`).join(', ')}]`;
  return '';
}

/** A path as numbered lines. */
export function formatPath(path: ReadablePath, indent = ''): string[] {
  const lines: string[] = [];
  if (path.steps.length === 0) lines.push(`${indent}(where it starts)`);
  path.steps.forEach((step, i) => {
    lines.push(`${indent}${i + 1}. ${step.event}`);
    for (const t of step.taken) {
      const why = describeGuard(t);
      lines.push(`${indent}     ${t.to === null ? `${t.from}: handled in place` : `${t.from} → ${t.to}`}${why}`);
    }
    lines.push(`${indent}     now in: ${step.state}`);
  });
  return lines;
}
