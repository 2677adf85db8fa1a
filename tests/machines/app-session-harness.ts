/**
 * The app's session (src/app/session-machine.ts: the statechart with the real
 * API client, local storage and socket wiring) running against stand-ins a test
 * controls: a server that records each HTTP request and answers when told, an
 * in-memory localStorage, a socket.io client that records connections, and the
 * token-expiry timer. What a test reads back is what the user and the server
 * would see: requests sent, what is stored, whether a socket is open, the route
 * a signed-in page would render.
 *
 * The importing test file must mock 'socket.io-client' with `fakeSocketModule`
 * (vi.mock is hoisted per file) before anything imports src/lib/socket.ts.
 */
import { fromCallback, type SnapshotFrom } from 'xstate';
import type { AuthState } from '../../common/session';
import { STORAGE_KEYS, STORAGE_KEYS_KEPT_ON_LOGOUT } from '../../common/constants';
import type { sessionMachine } from '../../machines/session/session.machine';
import { selectChallenge, selectError, selectInTwoFactor } from '../../machines/session/session.selectors';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** A Storage kept in memory (the browser's localStorage, as the app uses it). */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.has(key) ? this.items.get(key)! : null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  entries() {
    return Object.fromEntries(this.items);
  }
}

// ---------------------------------------------------------------- socket.io-client stand-in

export interface FakeSocket {
  token: string;
  open: boolean;
}
export const sockets: FakeSocket[] = [];

/** What vi.mock('socket.io-client', ...) returns. */
export function fakeSocketModule() {
  return {
    io: (options: { auth: { token: string } }) => {
      const record: FakeSocket = { token: options.auth.token, open: true };
      sockets.push(record);
      return {
        auth: options.auth,
        get connected() {
          return record.open;
        },
        on() {},
        off() {},
        disconnect() {
          record.open = false;
        },
      };
    },
  };
}

// ---------------------------------------------------------------- the server stand-in

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  /** The bearer token sent, if any. */
  token: string | null;
}

interface Outstanding extends SentRequest {
  answer: (response: Response | Error) => void;
}

export function standInServer() {
  const log: SentRequest[] = [];
  const outstanding: Outstanding[] = [];
  const fetch = (input: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test');
      const headers = new Headers(init.headers);
      const token = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1] ?? null;
      let body: unknown = init.body ?? null;
      if (typeof body === 'string') body = JSON.parse(body);
      const request: SentRequest = { method: (init.method ?? 'GET').toUpperCase(), path: url.pathname, body, token };
      log.push(request);
      outstanding.push({ ...request, answer: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
    });
  return {
    fetch,
    log,
    outstanding,
    /** Answers the newest unanswered request to one of these paths; a failure if there is none. */
    answer(paths: string[], outcome: { status: number; body: unknown } | 'network-failure') {
      const index = outstanding.findLastIndex((r) => paths.includes(r.path));
      if (index < 0) throw new Error(`the server has no unanswered request to ${paths.join(' or ')} (unanswered: ${outstanding.map((r) => r.path).join(', ') || 'none'})`);
      const [request] = outstanding.splice(index, 1);
      if (outcome === 'network-failure') request.answer(new TypeError('fetch failed'));
      else request.answer(new Response(JSON.stringify(outcome.body), { status: outcome.status, headers: { 'content-type': 'application/json' } }));
    },
  };
}

// ---------------------------------------------------------------- the expiry timer stand-in

export function expiryTimerStandIn() {
  const state: { armedFor: string | null; fire: (() => void) | null } = { armedFor: null, fire: null };
  const logic = fromCallback<any, { expiresAt: string }>(({ input, sendBack }) => {
    state.armedFor = input.expiresAt;
    state.fire = () => sendBack({ type: 'TOKEN_EXPIRED' });
    return () => {
      state.armedFor = null;
      state.fire = null;
    };
  });
  return { logic, state };
}

// ---------------------------------------------------------------- what can be observed

/** Another key the app does not own, which signing out removes too (only the welcome flags stay). */
export const OTHER_KEY = 'something.else';
export const OTP_KEY = 'aml.otpToken';

export interface Observation {
  /** What a page behind RequireSession does: 'loading', 'allow', or where it redirects. */
  route: string;
  /** The session kept in localStorage (its token), the kept two-factor token, and whether other keys survived. */
  storedToken: string | null;
  storedSession: AuthState | null;
  otp: string | null;
  welcomeFlags: boolean;
  otherKeys: boolean;
  /** Tokens of the sockets that are open. */
  openSockets: string[];
  /** The expiry the token timer is set for. */
  timer: string | null;
  /** The message the sign-in views show, and which two-factor form they show. */
  error: string | null;
  twoFactor: 'email' | 'app' | null;
}

export function observe(snapshot: Snapshot, storage: MemoryStorage, route: string, timer: string | null): Observation {
  const raw = storage.getItem(STORAGE_KEYS.session);
  const stored = raw ? (JSON.parse(raw) as AuthState) : null;
  return {
    route,
    storedToken: stored?.access_token ?? null,
    storedSession: stored,
    otp: storage.getItem(OTP_KEY),
    welcomeFlags: STORAGE_KEYS_KEPT_ON_LOGOUT.every((key) => storage.getItem(key) === '1'),
    otherKeys: storage.getItem(OTHER_KEY) !== null,
    openSockets: sockets.filter((s) => s.open).map((s) => s.token),
    timer,
    error: selectError(snapshot),
    twoFactor: selectInTwoFactor(snapshot) ? (selectChallenge(snapshot)?.authentication_type ?? null) : null,
  };
}
