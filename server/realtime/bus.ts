/**
 * Realtime fan-out. Anything that wants a browser to hear about a change calls
 * publish(); the message goes through Postgres NOTIFY, so every API process
 * (each holding its own sockets) receives it and forwards it to the sockets in
 * the named room. PGlite supports NOTIFY as well, so the path is the same.
 */
import type { Db } from '../db/client';

export const REALTIME_CHANNEL = 'aml_realtime';

export interface RealtimeMessage {
  /** "user:<id>", "org:<id>" or "session:<id>". */
  room: string;
  event: string;
  payload?: unknown;
  /** Disconnects the room's sockets instead of emitting (logout, deactivation). */
  disconnect?: boolean;
}

export interface Realtime {
  publish(message: RealtimeMessage): Promise<void>;
  subscribe(handler: (message: RealtimeMessage) => void): Promise<() => Promise<void>>;
}

export const rooms = {
  user: (id: string) => `user:${id}`,
  organisation: (id: string) => `org:${id}`,
  session: (id: string) => `session:${id}`,
};

export function createRealtime(db: Db): Realtime {
  return {
    async publish(message) {
      await db.notify(REALTIME_CHANNEL, JSON.stringify(message));
    },
    subscribe(handler) {
      return db.listen(REALTIME_CHANNEL, (payload) => {
        try {
          handler(JSON.parse(payload));
        } catch {
          // A malformed message is dropped; it cannot have come from publish().
        }
      });
    },
  };
}

/** Closes the sockets of sessions that were just ended, in every API process. Call it after the change has committed. */
export async function closeSessionSockets(realtime: Realtime, sessionIds: readonly string[]) {
  for (const id of new Set(sessionIds)) {
    await realtime.publish({ room: rooms.session(id), event: 'session-ended', disconnect: true });
  }
}
