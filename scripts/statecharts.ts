/**
 * npm run statecharts: one page per machine of the catalogue in
 * docs/statecharts/, with a Mermaid state diagram, its states, events, guards,
 * calls and the reasons written on its transitions, and the machine's
 * definition ready to paste into the Stately visualiser; plus an index.
 *
 * Everything is read from the machines' own definitions (state nodes,
 * transitions, `description` fields), so the pages cannot say something the
 * code does not do. tests/unit/statecharts-fresh.test.ts renders them again
 * and fails when a committed page differs.
 *
 *   npm run statecharts            write the pages
 *   npm run statecharts -- --check exit 1 when a page is stale
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { catalogue, type CatalogueEntry } from '../machines/catalogue';

type AnyNode = AnyStateMachine['root'];
type AnyTransition = ReturnType<AnyStateMachine['getTransitionData']>[number];

export const OUT_DIR = fileURLToPath(new URL('../docs/statecharts/', import.meta.url));

// ---------------------------------------------------------------- Reading a definition

interface Edge {
  source: AnyNode;
  /** Empty for a transition that stays (actions only). */
  targets: AnyNode[];
  /** How the transition is triggered, in words: 'LOGIN', 'done: login', 'always', 'after typingPause'. */
  trigger: string;
  guard: string | null;
  otherwise: boolean;
  description: string | null;
  reenter: boolean;
}

const CALL = /^xstate\.(done|error)\.actor\.(.+)$/;

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in (guard as object)) return String((guard as { type: unknown }).type);
  // An inline condition has no name to show; its transition's description says what it checks.
  return 'condition';
}

function childrenOf(node: AnyNode): AnyNode[] {
  return Object.values(node.states) as AnyNode[];
}

function allNodes(node: AnyNode): AnyNode[] {
  return childrenOf(node).flatMap((c) => [c, ...allNodes(c)]);
}

function triggerOf(node: AnyNode, t: AnyTransition): string {
  if (t.eventType === '') return 'always';
  const call = CALL.exec(t.eventType);
  if (call) {
    if (call[2] === '*') return `${call[1]}: any call`;
    const invoke = node.invoke.find((i: { id: string }) => i.id === call[2]);
    const src = typeof invoke?.src === 'string' ? invoke.src : call[2];
    return `${call[1]}: ${src}`;
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(t.eventType);
  if (after) return `after ${after[1]}`;
  return t.eventType;
}

function edgesOf(node: AnyNode): Edge[] {
  const lists: AnyTransition[][] = [...(node.transitions.values() as Iterable<AnyTransition[]>)];
  if (node.always?.length) lists.push(node.always as AnyTransition[]);
  return lists.flatMap((list) =>
    list.map((t, i) => ({
      source: node,
      targets: (t.target ?? []) as AnyNode[],
      trigger: triggerOf(node, t),
      guard: guardName(t.guard),
      otherwise: !t.guard && list.slice(0, i).some((s) => s.guard),
      description: (t as { description?: string }).description ?? null,
      reenter: t.reenter,
    })),
  );
}

// ---------------------------------------------------------------- Mermaid

const relative = (machine: AnyStateMachine, node: AnyNode) => (node === machine.root ? machine.id : node.path.join('.'));
const mermaidId = (node: AnyNode) => (node.path.length ? node.path.join('__') : 'root').replace(/[^A-Za-z0-9_]/g, '_');
/** Mermaid reads ':' and ';' as syntax, and '#' as an entity. */
const mermaidText = (text: string) => text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();

function edgeLabel(e: Edge): string {
  const guard = e.guard ? ` [${e.guard}]` : e.otherwise ? ' [else]' : '';
  return mermaidText(`${e.trigger}${guard}`);
}

/** The nearest state that contains both (where Mermaid must declare the arrow). */
function commonAncestor(a: AnyNode, b: AnyNode): AnyNode {
  const chain = new Set<AnyNode>();
  for (let n: AnyNode | undefined = a.parent; n; n = n.parent) chain.add(n);
  for (let n: AnyNode | undefined = b.parent; n; n = n.parent) if (chain.has(n)) return n;
  return a.machine.root;
}

const isWithin = (node: AnyNode, ancestor: AnyNode) => {
  for (let n: AnyNode | undefined = node.parent; n; n = n.parent) if (n === ancestor) return true;
  return false;
};

type Block = AnyNode | 'top';

/**
 * The chart as a Mermaid state diagram. Mermaid cannot draw an arrow from a
 * composite state into itself, so a transition a compound state (or the
 * machine) handles for all its children starts from an "any state" node inside
 * it; and since the regions of a parallel state are separated by `--`, arrows
 * that belong to a parallel state are declared around it.
 */
export function mermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  const anyId = (n: AnyNode) => `${mermaidId(n)}__any`;
  const blockOf = (n: AnyNode): Block => (n === root ? 'top' : n.type === 'parallel' ? blockOf(n.parent!) : n);
  const lines: string[] = ['stateDiagram-v2'];
  const perBlock = new Map<Block, string[]>();
  const add = (block: Block, line: string) => perBlock.set(block, [...(perBlock.get(block) ?? []), line]);
  const anyDeclared = new Set<AnyNode>();
  for (const node of [root, ...allNodes(root)]) {
    for (const e of edgesOf(node)) {
      for (const target of e.targets.length ? e.targets : [node]) {
        const label = edgeLabel(e);
        if ((node.type === 'compound' || node.type === 'parallel') && (target === node || isWithin(target, node))) {
          const block = node.type === 'compound' && node !== root ? node : blockOf(node);
          if (!anyDeclared.has(node)) {
            anyDeclared.add(node);
            add(block, `state "${node === root ? 'any state' : `any state of ${node.key}`}" as ${anyId(node)}`);
          }
          add(block, `${anyId(node)} --> ${target === node ? anyId(node) : mermaidId(target)} : ${label}`);
        } else {
          add(blockOf(commonAncestor(node, target)), `${mermaidId(node)} --> ${mermaidId(target)} : ${label}`);
        }
      }
    }
  }
  const contents = (node: AnyNode, indent: string) => {
    const children = childrenOf(node);
    if (node.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) lines.push(`${indent}--`);
        declare(child, indent);
      });
      return;
    }
    const initial = node.initial?.target?.[0] as AnyNode | undefined;
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    for (const child of children) declare(child, indent);
    for (const child of children) if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
    if (node !== root) for (const line of perBlock.get(node) ?? []) lines.push(`${indent}${line}`);
  };
  const declare = (node: AnyNode, indent: string) => {
    lines.push(`${indent}state "${node.key}" as ${mermaidId(node)}`);
    if (childrenOf(node).length) {
      lines.push(`${indent}state ${mermaidId(node)} {`);
      contents(node, `${indent}  `);
      lines.push(`${indent}}`);
    }
  };
  if (root.type === 'parallel') {
    // Regions need a box to sit in: the machine's.
    // (No start arrow to it: Mermaid cannot draw one into a box holding only regions.)
    lines.push(`  state "${machine.id}" as ${mermaidId(root)}`);
    lines.push(`  state ${mermaidId(root)} {`);
    contents(root, '    ');
    lines.push('  }');
  } else {
    contents(root, '  ');
  }
  for (const line of perBlock.get('top') ?? []) lines.push(`  ${line}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------- The visualiser's copy of the definition

/** The machine's configuration as plain data: what the Stately visualiser draws (implementations left out). */
export function vizConfig(machine: AnyStateMachine): Record<string, unknown> {
  const target = (t: AnyTransition) => (t.target?.length ? t.target.map((n: AnyNode) => `#${n.id}`) : undefined);
  const transition = (t: AnyTransition) => {
    const out: Record<string, unknown> = {};
    const to = target(t);
    if (to) out.target = to.length === 1 ? to[0] : to;
    const guard = guardName(t.guard);
    if (guard) out.guard = guard;
    if (t.reenter) out.reenter = true;
    const description = (t as { description?: string }).description;
    if (description) out.description = description;
    return out;
  };
  const list = (ts: AnyTransition[]) => (ts.length === 1 ? transition(ts[0]) : ts.map(transition));
  const config = (node: AnyNode): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    if (node === machine.root) out.id = machine.id;
    if (node.type === 'parallel') out.type = 'parallel';
    if (node.type === 'final') out.type = 'final';
    const initial = node.initial?.target?.[0] as AnyNode | undefined;
    if (initial && node.type === 'compound') out.initial = initial.key;
    if (node.description) out.description = node.description;
    if (node.tags?.length) out.tags = [...node.tags];
    const on: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const invokes = node.invoke.map((i: { id: string; src: unknown }) => ({ id: i.id, src: typeof i.src === 'string' ? i.src : i.id }) as Record<string, unknown>);
    for (const [eventType, ts] of node.transitions as Map<string, AnyTransition[]>) {
      const call = CALL.exec(eventType);
      const invoke = call && invokes.find((i: Record<string, unknown>) => i.id === call[2]);
      const delay = /^xstate\.after\.([^.]+)\./.exec(eventType);
      if (invoke) invoke[call![1] === 'done' ? 'onDone' : 'onError'] = list(ts);
      else if (delay) after[delay[1]] = list(ts);
      else on[eventType] = list(ts);
    }
    if (invokes.length) out.invoke = invokes.length === 1 ? invokes[0] : invokes;
    if (node.always?.length) out.always = list(node.always as AnyTransition[]);
    if (Object.keys(after).length) out.after = after;
    if (Object.keys(on).length) out.on = on;
    const children = childrenOf(node);
    if (children.length) out.states = Object.fromEntries(children.map((c) => [c.key, config(c)]));
    return out;
  };
  return config(machine.root);
}

// ---------------------------------------------------------------- A machine's page

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;

export function renderMachine(entry: CatalogueEntry): string {
  const { machine } = entry;
  const nodes = allNodes(machine.root);
  const edges = [machine.root, ...nodes].flatMap(edgesOf);
  const name = (n: AnyNode) => relative(machine, n);
  const out: string[] = [];
  out.push(`# ${entry.id}`);
  out.push('');
  out.push(`<!-- Generated by npm run statecharts from ${entry.file}. Do not edit: change the machine and run it again. -->`);
  out.push('');
  out.push(entry.description);
  out.push('');
  out.push(`Defined in [${entry.file}](../../${entry.file}) (machine id ${code(machine.id)}).`);
  out.push('');
  out.push('```mermaid');
  out.push(mermaid(machine));
  out.push('```');
  out.push('');

  out.push('## States');
  out.push('');
  out.push('Views ask for tags rather than state names where several states look alike.');
  out.push('');
  out.push('| State | Kind | Tags | What it means |');
  out.push('| --- | --- | --- | --- |');
  for (const n of nodes) {
    const listens = (n.ownEvents as string[]).some((e) => !e.startsWith('xstate.'));
    const waits = n.invoke.length ? (listens ? 'waits for an event while a call runs' : 'waits for a call') : 'waits for an event';
    const kind = n.type === 'atomic' ? (n.always?.length ? 'decides at once' : waits) : n.type;
    const tags = [...(n.tags ?? [])].map(code).join(', ');
    out.push(`| ${code(name(n))} | ${kind} | ${tags} | ${cell(n.description ?? '')} |`);
  }
  out.push('');

  const events = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.trigger === 'always' || e.trigger.startsWith('done: ') || e.trigger.startsWith('error: ') || e.trigger.startsWith('after ')) continue;
    events.set(e.trigger, (events.get(e.trigger) ?? new Set()).add(name(e.source)));
  }
  out.push('## Events');
  out.push('');
  if (events.size === 0) out.push('None: the machine decides from its input alone.');
  else {
    out.push('| Event | Accepted in |');
    out.push('| --- | --- |');
    for (const [event, sources] of [...events].sort(([a], [b]) => a.localeCompare(b))) out.push(`| ${code(event)} | ${[...sources].map(code).join(', ')} |`);
  }
  out.push('');

  const calls = nodes.flatMap((n) => n.invoke.map((i: { id: string; src: unknown }) => ({ node: n, src: typeof i.src === 'string' ? i.src : i.id })));
  if (calls.length) {
    out.push('## Calls');
    out.push('');
    out.push('Supplied by the view or the app with `.provide({ actors })`; the machine only names them.');
    out.push('');
    out.push('| Call | Made in |');
    out.push('| --- | --- |');
    const bySrc = new Map<string, string[]>();
    for (const c of calls) bySrc.set(c.src, [...(bySrc.get(c.src) ?? []), name(c.node)]);
    for (const [src, where] of bySrc) out.push(`| ${code(src)} | ${where.map(code).join(', ')} |`);
    out.push('');
  }

  const guards = new Map<string, Set<string>>();
  for (const e of edges) if (e.guard) guards.set(e.guard, (guards.get(e.guard) ?? new Set()).add(`${name(e.source)} on ${e.trigger}`));
  out.push('## Guards');
  out.push('');
  if (guards.size === 0) out.push('None.');
  else {
    out.push('`condition` stands for a condition written inline on the transition; its reason is in the table below.');
    out.push('');
    out.push('| Guard | Decides |');
    out.push('| --- | --- |');
    for (const [guard, uses] of [...guards].sort(([a], [b]) => a.localeCompare(b))) out.push(`| ${code(guard)} | ${[...uses].map(cell).join('; ')} |`);
  }
  out.push('');

  out.push('## Transitions');
  out.push('');
  out.push('In the order the machine tries them: for one trigger, the first whose guard holds is taken.');
  out.push('');
  out.push('| From | Trigger | Guard | To | Why |');
  out.push('| --- | --- | --- | --- | --- |');
  for (const e of edges) {
    const to = e.targets.length ? e.targets.map((t) => code(name(t))).join(', ') + (e.reenter ? ' (re-entered)' : '') : '(stays)';
    const guard = e.guard ? code(e.guard) : e.otherwise ? 'otherwise' : '';
    out.push(`| ${code(name(e.source))} | ${code(e.trigger)} | ${guard} | ${to} | ${cell(e.description ?? '')} |`);
  }
  out.push('');

  out.push('## Open it in the Stately visualiser');
  out.push('');
  out.push('Open <https://stately.ai/viz>, replace the example with the code below and press Visualize. Calls, actions and guards');
  out.push('are only named here (the real ones live in the app), so the visualiser can draw and step through the chart but');
  out.push('not run its calls. To watch the real machine run, use the inspector (README, "Watching the statecharts").');
  out.push('');
  out.push('<details><summary>Definition</summary>');
  out.push('');
  out.push('```js');
  out.push(`import { createMachine } from 'xstate';`);
  out.push('');
  out.push(`export const machine = createMachine(${JSON.stringify(vizConfig(machine), null, 2)});`);
  out.push('```');
  out.push('');
  out.push('</details>');
  out.push('');
  return out.join('\n');
}

export const pageName = (entry: CatalogueEntry) => `${entry.id.replace(/\//g, '-')}.md`;

export function renderIndex(): string {
  const out: string[] = [];
  out.push('# Statecharts');
  out.push('');
  out.push('<!-- Generated by npm run statecharts. Do not edit. -->');
  out.push('');
  out.push('Every statechart of the app, drawn from its own definition by `npm run statecharts` (a unit test fails when a');
  out.push('page here is older than its machine). Each page has the diagram, the states, events, calls, guards and the reason');
  out.push('written on each transition, and the definition to paste into the Stately visualiser.');
  out.push('');
  out.push('`npm run paths -- <machine>` prints the shortest way to every state as numbered steps, and');
  out.push('`npm run paths -- <machine> --from <state> --to <state>` every simple path between two states.');
  out.push('The browser suite drives the session and case-review flows from the same generated paths');
  out.push('(`tests/e2e/paths.spec.ts`, each event mapped to what a user does, each state to what the screen shows);');
  out.push('bulk upload joins them when it is built. `tests/machines/walk-all.test.ts` walks every machine below and fails');
  out.push('on a state or a transition that no sequence of events reaches.');
  out.push('');
  out.push('| Machine | What it does | States |');
  out.push('| --- | --- | --- |');
  for (const entry of catalogue) out.push(`| [${entry.id}](${pageName(entry)}) | ${cell(entry.description)} | ${allNodes(entry.machine.root).length} |`);
  out.push('');
  return out.join('\n');
}

/** Every page, by file name. */
export function renderAll(): Map<string, string> {
  const pages = new Map<string, string>();
  pages.set('README.md', renderIndex());
  for (const entry of catalogue) pages.set(pageName(entry), renderMachine(entry));
  return pages;
}

function main(args: string[]) {
  const pages = renderAll();
  if (args.includes('--check')) {
    const stale = [...pages].filter(([file, text]) => {
      try {
        return readFileSync(join(OUT_DIR, file), 'utf8') !== text;
      } catch {
        return true;
      }
    });
    for (const [file] of stale) console.error(`stale: docs/statecharts/${file}`);
    process.exit(stale.length ? 1 : 0);
  }
  mkdirSync(OUT_DIR, { recursive: true });
  // A machine removed from the catalogue takes its page with it.
  for (const file of readdirSync(OUT_DIR)) if (file.endsWith('.md') && !pages.has(file)) rmSync(join(OUT_DIR, file));
  for (const [file, text] of pages) writeFileSync(join(OUT_DIR, file), text);
  console.log(`wrote ${pages.size} pages to docs/statecharts/`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
