/**
 * The realtime socket: opened when a session starts, closed when it ends
 * (section 8: a 401 disconnects it). Features subscribe to events with on().
 * The client library is loaded with the first connection, so the public pages
 * never download it.
 */
import type { Socket } from 'socket.io-client';

let socket: Socket | null = null;
/** The token a socket should be open for, also while the library is still loading. */
let wanted: string | null = null;
const handlers = new Map<string, Set<(payload: any) => void>>();

export function connectSocket(token: string) {
  if (wanted === token) return;
  disconnectSocket();
  wanted = token;
  import('socket.io-client').then(
    ({ io }) => {
      // Signed out, or signed in again with another token, while the library loaded.
      if (wanted !== token || socket) return;
      socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
      for (const [event, set] of handlers) for (const h of set) socket.on(event, h);
    },
    (error) => {
      if (wanted === token) wanted = null;
      console.error(error);
    },
  );
}

export function disconnectSocket() {
  wanted = null;
  socket?.disconnect();
  socket = null;
}

export function onSocketEvent<T>(event: string, handler: (payload: T) => void): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler);
  socket?.on(event, handler);
  return () => {
    set!.delete(handler);
    socket?.off(event, handler);
  };
}

export const isSocketConnected = () => Boolean(socket?.connected);
