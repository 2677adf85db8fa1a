/**
 * Running a statechart with invoked calls the test settles by hand: each
 * provided promise actor records its input and waits; settle() resolves or
 * rejects the oldest pending call of that name.
 */
import { fromPromise } from 'xstate';

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export function deferredCalls<Names extends string>(names: readonly Names[]) {
  const pending: { name: Names; input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const calls: { name: Names; input: unknown }[] = [];
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<any, any>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ name, input });
            pending.push({ name, input, resolve, reject });
          }),
      ),
    ]),
  ) as Record<Names, ReturnType<typeof fromPromise<any, any>>>;
  return {
    actors,
    calls,
    pendingNames: () => pending.map((p) => p.name),
    async settle(name: Names, outcome: { output?: unknown; error?: unknown }) {
      const index = pending.findIndex((p) => p.name === name);
      if (index < 0) throw new Error(`no pending ${name} call (pending: ${pending.map((p) => p.name).join(', ') || 'none'})`);
      const [call] = pending.splice(index, 1);
      if ('error' in outcome && outcome.error !== undefined) call.reject(outcome.error);
      else call.resolve(outcome.output);
      await flush();
    },
  };
}

/** What the API client raises. */
export const failure = (status: number | null, message: string, code?: string, field?: string) =>
  Object.assign(new Error(message), { status, code, data: field ? { field, code } : { code } });

/**
 * Every transition of a model: for each state the model reaches, its shortest
 * path followed by each event that state accepts. Replaying them all covers
 * every edge of the chart, not only every state.
 */
export function transitionPaths<S, E extends { type: string }>(model: {
  getShortestPaths(options?: { allowDuplicatePaths?: boolean }): { state: S; steps: { state: S; event: E }[] }[];
  getAdjacencyMap(): Record<string, { state: S; transitions: Record<string, { event: E; state: S }> }>;
}, key: (s: S) => string) {
  const shortest = new Map<string, { state: S; event: E }[]>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const k = key(path.state);
    if (!shortest.has(k) || shortest.get(k)!.length > path.steps.length) shortest.set(k, path.steps);
  }
  const out: { description: string; steps: { state: S; event: E }[] }[] = [];
  for (const { state, transitions } of Object.values(model.getAdjacencyMap())) {
    const prefix = shortest.get(key(state));
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      // A call's outcome that changes nothing stands for a call that is not running: it cannot happen.
      if (/^xstate\.(done|error)\.actor\./.test(event.type) && key(next) === key(state)) continue;
      const steps = [...prefix, { event, state: next }];
      out.push({ description: steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → '), steps });
    }
  }
  return out;
}

/** A provided actor whose promise the test settles, recording each call's input. */
export function deferred() {
  const calls: unknown[] = [];
  let settle: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const logic = fromPromise<any, any>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push(input);
        settle = { resolve, reject };
      }),
  );
  return {
    logic,
    calls,
    async resolve(value: unknown) {
      settle!.resolve(value);
      await flush();
    },
    async reject(error: unknown) {
      settle!.reject(error);
      await flush();
    },
  };
}
