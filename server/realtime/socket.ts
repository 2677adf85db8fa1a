/**
 * The socket.io endpoint. A browser connects with its access token in the
 * handshake; the socket joins its user, organisation and session rooms, and
 * messages from the realtime bus are forwarded to those rooms.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { authenticateToken } from '../auth/sessions';
import type { Deps } from '../deps';
import { rooms } from './bus';

export async function attachSocketServer(httpServer: HttpServer, deps: Deps) {
  const io = new Server(httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });

  io.use(async (socket, next) => {
    try {
      const token = String(socket.handshake.auth?.token ?? '');
      const auth = await authenticateToken(deps.db, token);
      socket.data.userId = auth.user.id;
      await socket.join([rooms.user(auth.user.id), rooms.organisation(auth.organisation.id), rooms.session(auth.sessionId)]);
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
