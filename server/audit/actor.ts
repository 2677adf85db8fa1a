/**
 * Recording an administrative action with who did it and from where: the
 * signed-in caller of the request is the actor, the request gives the address.
 */
import type { AuthContext } from '../auth/sessions';
import type { OrgDb } from '../db/tenant';
import { recordOrganisationAudit } from './record';

export interface RequestActor {
  auth: AuthContext;
  ip: string;
  userAgent: string;
}

export function auditAction(
  org: OrgDb,
  ctx: RequestActor,
  action: string,
  target?: { type: string; id: string },
  details: Record<string, unknown> = {},
) {
  return recordOrganisationAudit(org, {
    actor_user_id: ctx.auth.user.id,
    actor_email: ctx.auth.user.email,
    action,
    target_type: target?.type,
    target_id: target?.id,
    ip: ctx.ip,
    user_agent: ctx.userAgent,
    // An action taken through an API key says which key, so the trail tells the integration from the person.
    details: ctx.auth.apiKey ? { ...details, api_key: ctx.auth.apiKey.prefix } : details,
  });
}
