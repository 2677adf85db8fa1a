/**
 * What login, the second factor, the secret link and refresh all answer with:
 * the "Auth state" of section 3 (token, user, role, permissions, limits,
 * organisation id and detail, redirect url).
 */
import { resolveLandingPath } from '../../common/access';
import type { Queryable } from '../db/client';
import type { OrgDb } from '../db/tenant';
import { organisationLimits } from '../organisations/detail';
import { authenticateToken, type AuthContext } from './sessions';
import { toUserView } from './user-view';

export function sessionPayload(auth: AuthContext) {
  return {
    access_token: auth.token,
    expires_at: auth.expiresAt.toISOString(),
    user: toUserView({ ...auth.user, role_name: auth.role.name }),
    role: { _id: auth.role.id, name: auth.role.name, is_admin: auth.role.is_admin },
    permissions: auth.permissions.map((name) => ({ name })),
    limits: organisationLimits(auth.organisationRow),
    organisation_id: auth.organisation.id,
    organisation: auth.organisation,
    redirect_url: resolveLandingPath({ permissions: auth.permissions, organisation: auth.organisation }),
  };
}

export type SessionPayload = ReturnType<typeof sessionPayload>;

export async function payloadForToken(db: Queryable, token: string) {
  return sessionPayload(await authenticateToken(db, token));
}

/**
 * The auth state again for a signed-in caller (refresh, and after a change to their own account). Resolving a token
 * reads sessions by their token's hash, across organisations by nature (the token is what names the organisation), so
 * it runs on the handle's connection without the binding.
 */
export async function payloadForSession(org: OrgDb, token: string) {
  return payloadForToken(org.unscoped, token);
}
