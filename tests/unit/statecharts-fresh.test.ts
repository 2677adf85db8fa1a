/**
 * The diagrams in docs/statecharts are generated from the machines; a machine
 * changed without running `npm run statecharts` leaves a page that describes
 * a chart that no longer exists. Rendered again here and compared.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { catalogue } from '../../machines/catalogue';
import { OUT_DIR, renderAll, vizConfig } from '../../scripts/statecharts';

const pages = renderAll();

describe('docs/statecharts', () => {
  it.each([...pages.keys()])('%s is up to date (run npm run statecharts)', (file) => {
    let committed: string | null = null;
    try {
      committed = readFileSync(join(OUT_DIR, file), 'utf8');
    } catch {
      committed = null;
    }
    expect(committed, `docs/statecharts/${file} is missing`).not.toBeNull();
    expect(committed === pages.get(file), `docs/statecharts/${file} is stale: run npm run statecharts`).toBe(true);
  });

  it('holds no page for a machine that is gone', () => {
    const extra = readdirSync(OUT_DIR).filter((f) => f.endsWith('.md') && !pages.has(f));
    expect(extra).toEqual([]);
  });

  it('draws every state and every event of a machine', () => {
    const session = pages.get('session.md')!;
    for (const state of ['restoring', 'signedOut__expired', 'twoFactor__verifyingApp', 'signingOut']) expect(session).toContain(state);
    for (const label of ['LOGIN', 'done login [needsSecondFactor]', 'UNAUTHORIZED [isTokenExpiredMessage]', 'always [usesApp]']) expect(session).toContain(label);
    expect(session).toContain('Offline or a server hiccup');
  });
});

describe('the definition offered to the Stately visualiser', () => {
  it.each(catalogue.map((e) => [e.id, e] as const))('%s builds a machine with the same states and transitions', (_id, entry) => {
    const copy = createMachine(vizConfig(entry.machine) as never);
    const shape = (m: AnyStateMachine) => {
      const out: string[] = [];
      const visit = (node: AnyStateMachine['root']) => {
        out.push(`${node.id} ${node.type}`);
        for (const [event, list] of node.transitions) for (const t of list) out.push(`${node.id} ${event} -> ${(t.target ?? []).map((n) => n.id).join(',')}`);
        for (const t of node.always ?? []) out.push(`${node.id} always -> ${(t.target ?? []).map((n) => n.id).join(',')}`);
        for (const child of Object.values(node.states)) visit(child as never);
      };
      visit(m.root);
      return out.sort();
    };
    expect(shape(copy)).toEqual(shape(entry.machine));
  });
});
