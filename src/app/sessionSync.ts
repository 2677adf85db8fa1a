/**
 * Keeps the open app in step with account changes made by an administrator:
 * a role's permissions edited, the user moved to another role, renamed,
 * deactivated or deleted. The API already applies the change on the next call;
 * the session-changed event makes the app refresh its session at once, so the
 * menu and guards shrink or grow (and a closed account is signed out).
 */
import { SOCKET_EVENTS } from '@common/constants';
import { onSocketEvent } from '../lib/socket';
import { sessionActor } from './session';

onSocketEvent(SOCKET_EVENTS.sessionChanged, () => {
  if (sessionActor.getSnapshot().matches('signedIn')) sessionActor.send({ type: 'REFRESH' });
});
