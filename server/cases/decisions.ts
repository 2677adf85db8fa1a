/**
 * Decisions: decision-review changes risk level, match status, case status,
 * assignees and monitoring for selected cases (bulk review from Manage Case) or
 * for selected entities of one case (the entity detail), with an optional
 * comment. Every change is checked first (status transitions, deleted cases,
 * assignees of the organisation) and then written together with its history;
 * nothing is written when one record fails.
 */
import {
  canChangeCaseStatus,
  caseMatchFromHits,
  passBlockedByMatches,
} from '../../common/cases';
import type { CaseStatus } from '../../common/enums';
import { MAX_BULK_RECORDS, type DecisionBodyValue } from '../../common/schemas/cases';
import { toBoolean } from '../../common/schemas/core';
import type { AuthContext } from '../auth/sessions';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { rollUpCase } from '../case-store/hits';
import { recordEvent, type Actor } from '../case-store/events';
import { caseLink, hitLink, notifyAssigned, notifyDecided, publishCaseChange } from './events';
import { syncMonitoringStart } from './monitoring-period';
import { insertComment, touchCase } from './queries';
import { emitWebhookEvent } from '../webhooks/events';

/**
 * Adds one entity's changes to what a review of several entities changed, for its case.updated event:
 * a { from, to } whose from differs between entities keeps from as null.
 */
function mergeChanges(into: Record<string, any>, details: Record<string, any>) {
  for (const [key, value] of Object.entries(details)) {
    if (value && typeof value === 'object' && 'to' in value) {
      const seen = into[key];
      into[key] = seen && seen.from !== value.from ? { from: null, to: value.to } : { from: value.from, to: value.to };
    } else into[key] = value;
  }
}

/** The web hook events of one reviewed case, in the review's transaction: case.updated, and case.status_changed when its status moved. */
async function emitReviewEvents(deps: Deps, tx: OrgDb, reference: string, changes: Record<string, any>, actor: Actor, entityIds?: string[]) {
  if (!Object.keys(changes).length) return;
  const stamp = { updated_at: new Date().toISOString(), updated_by: { _id: actor.id, name: actor.name } };
  await emitWebhookEvent(deps.jobs, tx, 'case.updated', { reference, ...(entityIds ? { entity_ids: entityIds } : {}), changes, ...stamp });
  if (changes.case_status) await emitWebhookEvent(deps.jobs, tx, 'case.status_changed', { reference, from: changes.case_status.from, to: changes.case_status.to, ...stamp });
}

export async function checkAssignees(org: OrgDb, ids: string[] | undefined) {
  if (!ids?.length) return;
  const rows = await org.query('SELECT id FROM users WHERE organisation_id = $org AND is_active AND id = ANY($1::uuid[])', [ids]);
  if (rows.length !== new Set(ids).size) throw new ApiError(400, 'assignee_invalid', {}, 'assignee_ids');
}

/** The case row locked for update, or 404 when it is not the caller's organisation's. */
export async function lockCase(tx: OrgDb, reference: string) {
  const row = await tx.one('SELECT * FROM cases WHERE organisation_id = $org AND reference = $1 FOR UPDATE', [reference]);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** Whether a review changes monitoring switches, so the case's monitoring period may start or stop. */
const changesMonitoring = (b: DecisionBodyValue) => b.aml_monitoring !== undefined || b.adverse_media_monitoring !== undefined;

const hasChange = (b: DecisionBodyValue) =>
  b.risk_level !== undefined ||
  b.match_status !== undefined ||
  b.case_status !== undefined ||
  b.assignee_ids !== undefined ||
  b.aml_monitoring !== undefined ||
  b.adverse_media_monitoring !== undefined ||
  Boolean(b.comment?.trim());

async function addComment(tx: OrgDb, caseId: string, hitId: string | null, userId: string, text: string) {
  await insertComment(tx, { caseId, hitId, userId, text: text.trim() });
}

export async function reviewDecision(deps: Deps, org: OrgDb, auth: AuthContext, body: DecisionBodyValue) {
  if (!hasChange(body)) throw new ApiError(400, 'decision_required');
  const orgId = org.organisationId;
  const actor: Actor = { id: auth.user.id, name: auth.user.name };
  await checkAssignees(org, body.assignee_ids);
  const changed: { id: string; reference: string }[] = [];

  await org.transaction(async (tx) => {
    if (body.entity_ids?.length) {
      // Entity decisions within one case.
      if (!body.reference) throw new ApiError(400, 'select_records');
      if (body.entity_ids.length > MAX_BULK_RECORDS) throw new ApiError(400, 'too_many_records', { max: MAX_BULK_RECORDS });
      if (body.case_status !== undefined) throw new ApiError(400, 'bad_request', {}, 'case_status');
      const c = await lockCase(tx, body.reference);
      if (c.is_deleted) throw new ApiError(409, 'case_deleted_locked');
      const hits = await tx.query('SELECT * FROM case_hits WHERE case_id = $1 AND organisation_id = $org AND id = ANY($2::uuid[]) ORDER BY position', [c.id, body.entity_ids]);
      if (hits.length !== new Set(body.entity_ids).size) throw new ApiError(404, 'not_found');
      const entityChanges: Record<string, any> = {};
      for (const h of hits) {
        const details: Record<string, unknown> = {};
        if (body.match_status !== undefined && body.match_status !== h.match_status) details.match_status = { from: h.match_status, to: body.match_status };
        if (body.risk_level !== undefined && body.risk_level !== h.risk_level) details.risk_level = { from: h.risk_level, to: body.risk_level };
        if (body.aml_monitoring !== undefined && toBoolean(body.aml_monitoring) !== h.aml_monitoring) details.aml_monitoring = toBoolean(body.aml_monitoring);
        if (body.adverse_media_monitoring !== undefined && toBoolean(body.adverse_media_monitoring) !== h.adverse_media_monitoring)
          details.adverse_media_monitoring = toBoolean(body.adverse_media_monitoring);
        const decided = details.match_status !== undefined || details.risk_level !== undefined;
        await tx.query(
          `UPDATE case_hits SET match_status = COALESCE($2, match_status), risk_level = COALESCE($3, risk_level),
             aml_monitoring = COALESCE($4, aml_monitoring), adverse_media_monitoring = COALESCE($5, adverse_media_monitoring),
             assignee_ids = COALESCE($6::uuid[], assignee_ids),
             decided_by = CASE WHEN $7 THEN $8::uuid ELSE decided_by END, decided_at = CASE WHEN $7 THEN now() ELSE decided_at END,
             is_updated = CASE WHEN $7 THEN false ELSE is_updated END, updated_at = now()
           WHERE id = $1 AND organisation_id = $org`,
          [
            h.id,
            body.match_status ?? null,
            body.risk_level ?? null,
            body.aml_monitoring === undefined ? null : toBoolean(body.aml_monitoring),
            body.adverse_media_monitoring === undefined ? null : toBoolean(body.adverse_media_monitoring),
            body.assignee_ids ?? null,
            decided,
            actor.id,
          ],
        );
        if (Object.keys(details).length) {
          await recordEvent(tx, { case_id: c.id, hit_id: h.id, actor, action: decided ? 'decision' : 'monitoring', details });
          mergeChanges(entityChanges, details);
        }
        if (body.assignee_ids !== undefined) {
          const added = body.assignee_ids.filter((id) => !(h.assignee_ids ?? []).includes(id));
          if (added.length || body.assignee_ids.length !== (h.assignee_ids ?? []).length) {
            await recordEvent(tx, { case_id: c.id, hit_id: h.id, actor, action: 'assigned', details: { assignee_ids: body.assignee_ids } });
          }
          await notifyAssigned(deps, tx, { organisation_id: orgId, reference: c.reference, userIds: added, actor, link: hitLink(c.reference, h.id) });
        }
        if (decided) {
          const assignees: string[] = [...new Set([...(h.assignee_ids ?? []), ...(c.assignee_ids ?? [])])];
          await notifyDecided(deps, tx, { organisation_id: orgId, reference: c.reference, userIds: assignees, actor, status: body.match_status ?? h.match_status, link: hitLink(c.reference, h.id) });
        }
        if (body.comment?.trim()) {
          await addComment(tx, c.id, h.id, actor.id, body.comment);
          await recordEvent(tx, { case_id: c.id, hit_id: h.id, actor, action: 'comment_added', details: { text: body.comment.trim() } });
        }
      }
      await rollUpCase(tx, c.id);
      await touchCase(tx, c.id);
      if (changesMonitoring(body)) await syncMonitoringStart(tx, c.id);
      if (body.assignee_ids !== undefined) entityChanges.assignee_ids = body.assignee_ids;
      if (body.comment?.trim()) entityChanges.comment_added = true;
      await emitReviewEvents(deps, tx, c.reference, entityChanges, actor, hits.map((h) => h.id));
      changed.push({ id: c.id, reference: c.reference });
      return;
    }

    // Case decisions, one or many cases.
    const references = [...new Set([...(body.references ?? []), ...(body.reference ? [body.reference] : [])])];
    if (!references.length) throw new ApiError(400, 'select_records');
    if (references.length > MAX_BULK_RECORDS) throw new ApiError(400, 'too_many_records', { max: MAX_BULK_RECORDS });
    const cases = await tx.query('SELECT * FROM cases WHERE organisation_id = $org AND reference = ANY($1::text[]) ORDER BY reference FOR UPDATE', [references]);
    if (cases.length !== references.length) throw new ApiError(404, 'not_found');
    for (const c of cases) {
      if (c.is_deleted) throw new ApiError(409, 'case_deleted_locked');
      const hits = await tx.query<{ id: string; match_status: string; aml_monitoring: boolean; adverse_media_monitoring: boolean }>(
        'SELECT id, match_status, aml_monitoring, adverse_media_monitoring FROM case_hits WHERE case_id = $1 AND organisation_id = $org',
        [c.id],
      );
      // Monitoring as every screen shows it: on for the case or for any entity (views.ts monitoringOn).
      const monitoredBefore = {
        aml_monitoring: Boolean(c.aml_monitoring) || hits.some((h) => h.aml_monitoring),
        adverse_media_monitoring: Boolean(c.adverse_media_monitoring) || hits.some((h) => h.adverse_media_monitoring),
      };
      // A match status chosen for a whole case applies to every entity that is still undecided.
      const hitStatuses = hits.map((h) => (body.match_status && ['Potential Match', 'Unknown'].includes(h.match_status) ? body.match_status : h.match_status));
      if (body.case_status !== undefined) {
        if (!canChangeCaseStatus(c.case_status as CaseStatus, body.case_status)) {
          throw new ApiError(409, 'invalid_transition', { from: c.case_status, to: body.case_status }, 'case_status');
        }
        const matchAfter = hits.length ? hitStatuses : body.match_status ? [body.match_status] : [];
        if (passBlockedByMatches(body.case_status, matchAfter)) throw new ApiError(409, 'confirmed_match_cannot_pass', {}, 'case_status');
      }
      const details: Record<string, unknown> = {};
      if (body.case_status !== undefined && body.case_status !== c.case_status) details.case_status = { from: c.case_status, to: body.case_status };
      if (body.match_status !== undefined && body.match_status !== c.match_status) details.match_status = { from: c.match_status, to: body.match_status };
      if (body.risk_level !== undefined && body.risk_level !== c.risk_level) details.risk_level = { from: c.risk_level, to: body.risk_level };
      // A case's monitoring switched from the review reaches every entity, as the case's own switch does.
      for (const column of ['aml_monitoring', 'adverse_media_monitoring'] as const) {
        if (body[column] === undefined) continue;
        const enabled = toBoolean(body[column]);
        if (enabled !== monitoredBefore[column]) details[column] = enabled;
        await tx.query(`UPDATE case_hits SET ${column} = $2, updated_at = now() WHERE case_id = $1 AND organisation_id = $org AND ${column} <> $2`, [c.id, enabled]);
      }
      if (body.match_status !== undefined && hits.length) {
        await tx.query(
          `UPDATE case_hits SET match_status = $2, decided_by = $3, decided_at = now(), updated_at = now()
            WHERE case_id = $1 AND organisation_id = $org AND match_status IN ('Potential Match', 'Unknown')`,
          [c.id, body.match_status, actor.id],
        );
      }
      const matchStatus = body.match_status !== undefined ? (hits.length ? caseMatchFromHits(hitStatuses) : body.match_status) : c.match_status;
      await tx.query(
        `UPDATE cases SET case_status = COALESCE($2, case_status), match_status = $3, risk_level = COALESCE($4, risk_level),
           aml_monitoring = COALESCE($5, aml_monitoring), adverse_media_monitoring = COALESCE($6, adverse_media_monitoring),
           assignee_ids = COALESCE($7::uuid[], assignee_ids), updated_at = now()
         WHERE id = $1 AND organisation_id = $org`,
        [
          c.id,
          body.case_status ?? null,
          matchStatus,
          body.risk_level ?? null,
          body.aml_monitoring === undefined ? null : toBoolean(body.aml_monitoring),
          body.adverse_media_monitoring === undefined ? null : toBoolean(body.adverse_media_monitoring),
          body.assignee_ids ?? null,
        ],
      );
      if (changesMonitoring(body)) await syncMonitoringStart(tx, c.id);
      const decided = details.case_status !== undefined || details.match_status !== undefined || details.risk_level !== undefined;
      if (Object.keys(details).length) {
        await recordEvent(tx, { case_id: c.id, actor, action: decided ? 'decision' : 'monitoring', details });
      }
      if (body.assignee_ids !== undefined) {
        const before: string[] = c.assignee_ids ?? [];
        const added = body.assignee_ids.filter((id) => !before.includes(id));
        if (added.length || body.assignee_ids.length !== before.length) {
          await recordEvent(tx, { case_id: c.id, actor, action: 'assigned', details: { assignee_ids: body.assignee_ids } });
        }
        await notifyAssigned(deps, tx, { organisation_id: orgId, reference: c.reference, userIds: added, actor, link: caseLink(c.reference) });
      }
      if (decided) {
        await notifyDecided(deps, tx, {
          organisation_id: orgId,
          reference: c.reference,
          userIds: c.assignee_ids ?? [],
          actor,
          status: body.case_status ?? c.case_status,
          link: caseLink(c.reference),
        });
      }
      if (body.comment?.trim()) {
        await addComment(tx, c.id, null, actor.id, body.comment);
        await recordEvent(tx, { case_id: c.id, actor, action: 'comment_added', details: { text: body.comment.trim() } });
      }
      const assigneesChanged = body.assignee_ids !== undefined && JSON.stringify([...body.assignee_ids].sort()) !== JSON.stringify([...(c.assignee_ids ?? [])].sort());
      await emitReviewEvents(deps, tx, c.reference, {
        ...details,
        ...(assigneesChanged ? { assignee_ids: body.assignee_ids } : {}),
        ...(body.comment?.trim() ? { comment_added: true } : {}),
      }, actor);
      changed.push({ id: c.id, reference: c.reference });
    }
  });
  void publishCaseChange(deps, changed, actor.id, org);
  return { updated: changed.map((c) => c.reference) };
}

/** One monitoring switch of a case (every entity follows) or of one entity. */
export async function switchMonitoring(deps: Deps, org: OrgDb, auth: AuthContext, input: { reference: string; entity_id?: string; kind: 'aml' | 'adverse_media'; enabled: boolean }) {
  const actor: Actor = { id: auth.user.id, name: auth.user.name };
  const column = input.kind === 'aml' ? 'aml_monitoring' : 'adverse_media_monitoring';
  const result = await org.transaction(async (tx) => {
    const c = await lockCase(tx, input.reference);
    if (c.is_deleted) throw new ApiError(409, 'case_deleted_locked');
    if (input.entity_id) {
      const hit = await tx.one(
        `UPDATE case_hits SET ${column} = $3, updated_at = now() WHERE case_id = $1 AND organisation_id = $org AND id = $2 RETURNING id, ${column} AS enabled`,
        [c.id, input.entity_id, input.enabled],
      );
      if (!hit) throw new ApiError(404, 'not_found');
    } else {
      await tx.query(`UPDATE cases SET ${column} = $2, updated_at = now() WHERE id = $1 AND organisation_id = $org`, [c.id, input.enabled]);
      await tx.query(`UPDATE case_hits SET ${column} = $2, updated_at = now() WHERE case_id = $1 AND organisation_id = $org`, [c.id, input.enabled]);
    }
    await touchCase(tx, c.id);
    await syncMonitoringStart(tx, c.id);
    await recordEvent(tx, { case_id: c.id, hit_id: input.entity_id ?? null, actor, action: 'monitoring', details: { kind: input.kind, enabled: input.enabled } });
    await emitReviewEvents(deps, tx, c.reference, { [column]: input.enabled }, actor, input.entity_id ? [input.entity_id] : undefined);
    return { id: c.id as string, reference: c.reference as string };
  });
  void publishCaseChange(deps, [result], actor.id, org);
  return { reference: result.reference, entity_id: input.entity_id ?? null, kind: input.kind, enabled: input.enabled };
}

