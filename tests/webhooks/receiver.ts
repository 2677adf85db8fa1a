/**
 * A web hook receiver on 127.0.0.1 for the tests: it records every request, verifies the signature of each
 * with the standardwebhooks package (the independent verifier: the product signs with node:crypto), and
 * answers as the test's script for the path says (fail three times, Retry-After, 410, a redirect ...).
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
  /** The verified payload with each key the receiver knows, or the verifier's error. */
  verified: Record<string, { ok: true; payload: any } | { ok: false; error: string }>;
}

export type Answer = { status: number; headers?: Record<string, string>; body?: string };
/** What the receiver answers the nth request (0-based) to a path. */
export type Script = (n: number, request: Received) => Answer | Promise<Answer>;

export interface Receiver {
  url: string;
  port: number;
  requests: Received[];
  /** The secret keys every request is verified with, by a name the test picks (e.g. old, new). */
  keys: Record<string, string>;
  script(path: string, answer: Script): void;
  /** Resolves once a request matching the test arrives (or has arrived), rejects after timeoutMs. */
  waitFor(test: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: Received[] = [];
  const scripts = new Map<string, Script>();
  const counts = new Map<string, number>();
  const waiters: { test: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  const keys: Record<string, string> = {};

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '/').split('?')[0];
    const verified: Received['verified'] = {};
    for (const [name, key] of Object.entries(keys)) {
      try {
        verified[name] = { ok: true, payload: new Webhook(key).verify(body, req.headers as Record<string, string>) };
      } catch (error) {
        verified[name] = { ok: false, error: (error as Error).message };
      }
    }
    const received: Received = { path, method: req.method ?? '', headers: req.headers, body, at: Date.now(), verified };
    requests.push(received);
    const n = counts.get(path) ?? 0;
    counts.set(path, n + 1);
    const answer: Answer = await (scripts.get(path) ?? ((): Answer => ({ status: 200, body: '{"received":true}' })))(n, received);
    res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.headers ?? {}) });
    res.end(answer.body ?? '');
    for (const w of [...waiters]) {
      if (w.test(received)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(received);
      }
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    keys,
    script: (path, answer) => scripts.set(path, answer),
    waitFor(test, timeoutMs = 15_000) {
      const seen = requests.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { test, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          if (waiters.includes(waiter)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            reject(new Error(`no matching request within ${timeoutMs} ms; received: ${requests.map((r) => `${r.path} ${r.body.slice(0, 60)}`).join(' | ')}`));
          }
        }, timeoutMs);
      });
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  };
}

/** Polls until check answers something truthy (a state the server writes after the receiver answered), or fails after timeoutMs. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 15_000, what = 'the condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
