/** Reading the session snapshot: views use these with useSelector instead of poking at context. */
import type { SnapshotFrom } from 'xstate';
import { findRoute, meetsRequirement, planIncludes, type AccessContext, type AppRouteId } from '../../common/access';
import type { sessionMachine } from './session.machine';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** Signed in, or refreshing a session that was signed in (the views stay usable meanwhile). */
export const selectIsSignedIn = (s: Snapshot) => (s.matches('signedIn') || s.matches('refreshing')) && s.context.session !== null;
export const selectIsSettling = (s: Snapshot) => s.matches('restoring') || (s.matches('refreshing') && !s.context.session);
export const selectIsExpired = (s: Snapshot) => s.matches({ signedOut: 'expired' });
export const selectIsBusy = (s: Snapshot) =>
  s.matches('signingIn') || s.matches('checkingChallenge') || s.matches({ twoFactor: 'verifyingEmail' }) || s.matches({ twoFactor: 'verifyingApp' }) || s.matches({ twoFactor: 'resending' }) || s.matches('signingOut');
export const selectInTwoFactor = (s: Snapshot) => s.matches('twoFactor') || s.matches('checkingChallenge');
export const selectChallenge = (s: Snapshot) => s.context.challenge;
export const selectError = (s: Snapshot) => s.context.error;
/** The error's message id and the values its text needs, for showing it in the user's language. */
export const selectErrorCode = (s: Snapshot) => s.context.errorCode ?? null;
export const selectErrorValues = (s: Snapshot) => s.context.errorValues ?? null;
export const selectSession = (s: Snapshot) => s.context.session;
export const selectUser = (s: Snapshot) => s.context.session?.user ?? null;
export const selectOrganisation = (s: Snapshot) => s.context.session?.organisation ?? null;
export const selectPermissionNames = (s: Snapshot): string[] => s.context.session?.permissions.map((p) => p.name) ?? [];

/** Whether the organisation's plan includes a feature (a search by profile, a risk engine); false when signed out. */
export const selectPlanIncludes = (route: AppRouteId) => (s: Snapshot) => {
  const organisation = s.context.session?.organisation;
  return organisation ? planIncludes(organisation, route) : false;
};

/** What the shared access rules need, or null when signed out. */
export function selectAccessContext(s: Snapshot): AccessContext | null {
  const session = s.context.session;
  if (!session) return null;
  return { permissions: session.permissions.map((p) => p.name), organisation: session.organisation };
}

/** Whether the signed-in user may open a route (its requirement met), for links to pages the menu does not list. */
export const selectCanOpen = (route: AppRouteId) => (s: Snapshot) => {
  const access = selectAccessContext(s);
  return access ? meetsRequirement(findRoute(route).requirement, access) : false;
};
