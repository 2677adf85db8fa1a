/**
 * The realtime socket: opened when a session starts, closed when it ends
 * (section 8: a 401 disconnects it). Features subscribe to events with on().
 */
import { io, type Socket } from 'socket.io-client';

let socket: Socket | null = null;
const handlers = new Map<string, Set<(payload: any) => void>>();

export function connectSocket(token: string) {
  if (socket && (socket.auth as { token?: string }).token === token) return;
  disconnectSocket();
  socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  for (const [event, set] of handlers) for (const h of set) socket.on(event, h);
}

export function disconnectSocket() {
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
