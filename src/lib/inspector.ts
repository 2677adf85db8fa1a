/**
 * Watching the app's statecharts run, in development: with the setting on,
 * every actor given `inspect` (the session, the notifications panel, lists,
 * dialogs, ...) and the actors they invoke report to the Stately inspector,
 * which opens in a window of its own and shows each actor's state, context and
 * events as they happen.
 *
 * The setting: VITE_XSTATE_INSPECT=1 when starting `npm run dev`, or
 * localStorage['aml.inspect'] = '1' in the browser, then reload. The inspector
 * library is loaded only then; a production build never contains it (the
 * branch that imports it is dead code once import.meta.env.DEV is false).
 */
import type { InspectionEvent } from 'xstate';

const SETTING_KEY = 'aml.inspect';
/** Events of actors started before the inspector has loaded; it replays them. */
const EARLY_LIMIT = 2_000;

function settingOn(): boolean {
  if (import.meta.env.VITE_XSTATE_INSPECT === '1') return true;
  try {
    return globalThis.localStorage?.getItem(SETTING_KEY) === '1';
  } catch {
    return false;
  }
}

const enabled = import.meta.env.DEV && settingOn();
let forward: ((event: InspectionEvent) => void) | null = null;
const early: InspectionEvent[] = [];

/** Passed as `inspect` to createActor, useActorRef and useMachine. Does nothing unless the setting is on. */
export function inspect(event: InspectionEvent): void {
  if (!enabled) return;
  if (forward) forward(event);
  else if (early.length < EARLY_LIMIT) early.push(event);
}

if (import.meta.env.DEV && enabled) {
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    forward = (event) => inspector.inspect.next?.(event);
    for (const event of early.splice(0)) forward(event);
  });
}
