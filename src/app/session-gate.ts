/** What a route that needs a session does with the session as it stands: wait, let the user in, or send them to sign in. */
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectAccessContext, selectIsExpired, selectIsSettling } from '@machines/session/session.selectors';

export type SessionGate = 'loading' | 'allow' | '/login' | '/login?redirect=session-expired';

export function sessionGate(snapshot: SnapshotFrom<typeof sessionMachine>): SessionGate {
  if (selectIsSettling(snapshot)) return 'loading';
  if (selectAccessContext(snapshot)) return 'allow';
  // An expired session is noted on the sign-in page.
  return selectIsExpired(snapshot) ? '/login?redirect=session-expired' : '/login';
}
