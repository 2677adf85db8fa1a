/**
 * Telling a user's browsers that their account changed. Permissions are read
 * from the role on every API call, so the server side of a change is immediate;
 * these events make the open app catch up too (its menu and guards read the
 * session it holds). Call them after the change has committed, or a browser
 * that refreshes at once could still read the old state.
 */
import { SOCKET_EVENTS } from '../../common/constants';
import type { Deps } from '../deps';
import { rooms } from './bus';

type Publisher = Pick<Deps, 'realtime'>;

/** The role, its permissions or the user's details changed: refresh the session. */
export async function announceSessionChange(deps: Publisher, userIds: readonly string[]) {
  for (const id of new Set(userIds)) {
    await deps.realtime.publish({ room: rooms.user(id), event: SOCKET_EVENTS.sessionChanged });
  }
}

/**
 * The account was deactivated or deleted and its sessions revoked: the refresh
 * the browser makes answers 401 and signs it out; then its sockets are closed.
 */
export async function closeUserSockets(deps: Publisher, userId: string) {
  await deps.realtime.publish({ room: rooms.user(userId), event: SOCKET_EVENTS.sessionChanged });
  await deps.realtime.publish({ room: rooms.user(userId), event: 'account-closed', disconnect: true });
}
