/**
 * "Request full account" (demo-user-request): what the visitor wrote is kept in demo_requests and
 * e-mailed to the provider (DEMO_REQUEST_EMAIL). Keeping it first means a request is never lost: when
 * the e-mail cannot be sent, the failure is logged and the request waits in the table for the operator.
 * A visitor may send a few requests an hour; more answer 429.
 */
import type { DemoRequestValue } from '../../common/schemas/demo';
import type { AuthContext } from '../auth/sessions';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { insertRequest, requestsInLastHour } from './data';
import { DEMO_REQUESTS_PER_HOUR, demoRequestEmail } from './settings';

const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** The e-mail to the provider's sales team, in English like the rest of what operators read. */
export function requestMail(request: { name: string; company: string; email: string; phone: string | null; message: string | null }, demoUser: { name: string; email: string }, when: string) {
  return {
    subject: `Demo: ${request.name} asks for a full account`,
    text: [
      'A visitor of the demo asks for a full account.',
      '',
      `Name: ${request.name}`,
      `Company: ${request.company}`,
      `E-mail: ${request.email}`,
      `Phone: ${request.phone ?? '-'}`,
      `Message: ${request.message ?? '-'}`,
      '',
      `Sent from the demo account ${demoUser.name} <${demoUser.email}> at ${when}.`,
    ].join('\n'),
  };
}

export async function sendDemoRequest(deps: Deps, org: OrgDb, auth: AuthContext, body: DemoRequestValue) {
  if ((await requestsInLastHour(org, auth.user.id)) >= DEMO_REQUESTS_PER_HOUR) throw new ApiError(429, 'demo_request_throttled');
  const request = { name: body.name.trim(), company: body.company.trim(), email: body.email.trim(), phone: blank(body.phone), message: blank(body.message) };
  const stored = await insertRequest(org, { userId: auth.user.id, ...request });
  try {
    await deps.mailer.send({ to: demoRequestEmail(), ...requestMail(request, auth.user, stored.created_at) });
  } catch (error) {
    deps.log.error(`demo request ${stored.id} is stored but its e-mail to ${demoRequestEmail()} failed: ${(error as Error).message}`);
  }
  return { request_id: stored.id, email: request.email };
}
