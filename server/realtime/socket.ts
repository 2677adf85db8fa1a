/**
 * The socket.io endpoint. A browser connects with its access token in the
 * handshake; the socket joins its user, organisation and session rooms, and
 * messages from the realtime bus are forwarded to those rooms. The rooms are
 * chosen here from the authenticated session only: nothing a client sends can
 * add a room, so a socket hears its own user, organisation and session and
 * nothing else.
 *
 * A socket lives no longer than its session: ending a session (logout, reset,
 * password change, deactivation) publishes a disconnect to its room (see
 * closeSessionSockets in bus.ts), and the socket closes by itself when the token's
 * lifetime is over.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { authenticateToken } from '../auth/sessions';
import type { Deps } from '../deps';
import { rooms } from './bus';

// setTimeout cannot wait longer than about 24.8 days; tokens live hours.
const MAX_TIMER_MS = 2 ** 31 - 1;

export async function attachSocketServer(httpServer: HttpServer, deps: Deps) {
  const io = new Server(httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });

  io.use(async (socket, next) => {
    try {
      const token = String(socket.handshake.auth?.token ?? '');
      const auth = await authenticateToken(deps.db, token);
      socket.data.userId = auth.user.id;
      socket.data.sessionId = auth.sessionId;
      await socket.join([rooms.user(auth.user.id), rooms.organisation(auth.organisation.id), rooms.session(auth.sessionId)]);
      const expiry = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER_MS, Math.max(0, auth.expiresAt.getTime() - Date.now())));
      expiry.unref();
      socket.once('disconnect', () => clearTimeout(expiry));
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error('unauthorised'));
    }
  });

  const unsubscribe = await deps.realtime.subscribe((message) => {
    if (message.disconnect) io.in(message.room).disconnectSockets(true);
    else io.to(message.room).emit(message.event, message.payload);
  });

  return {
    io,
    async close() {
      await unsubscribe();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
