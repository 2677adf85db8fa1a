/** Reading one case, its hits, history and comments, always scoped by the organisation. */
import type { OrgDb } from '../db/tenant';
import { toCommentView, toEventView } from '../case-store/views';

// Reading a case and its hits (findCase, filterHits, findHit, hitFacets) is shared with other areas that show a case: server/case-store/read.ts.

export async function caseEvents(org: OrgDb, caseId: string, hitId?: string) {
  const rows = await org.query(
    `SELECT e.*, h.name AS hit_name FROM case_events e LEFT JOIN case_hits h ON h.id = e.hit_id
      WHERE e.case_id = $1 AND e.organisation_id = $org ${hitId ? 'AND e.hit_id = $2' : ''} ORDER BY e.id DESC LIMIT 500`,
    hitId ? [caseId, hitId] : [caseId],
  );
  return rows.map(toEventView);
}

export async function caseComments(org: OrgDb, caseId: string, hitId?: string) {
  const rows = await org.query(
    `SELECT cc.*, u.name AS author_name, du.name AS deleted_by_name, h.name AS hit_name
       FROM case_comments cc
       LEFT JOIN users u ON u.id = cc.user_id
       LEFT JOIN users du ON du.id = cc.deleted_by
       LEFT JOIN case_hits h ON h.id = cc.hit_id
      WHERE cc.case_id = $1 AND cc.organisation_id = $org ${hitId ? 'AND cc.hit_id = $2' : ''} ORDER BY cc.created_at DESC`,
    hitId ? [caseId, hitId] : [caseId],
  );
  return rows.map(toCommentView);
}

/** The face image uploaded with a case, if any. */
export async function caseFaceImage(org: OrgDb, reference: string) {
  return org.one<{ face_image: Uint8Array | null; face_image_type: string | null }>(
    'SELECT face_image, face_image_type FROM cases WHERE organisation_id = $org AND reference = $1',
    [reference],
  );
}

/** Every user's name by id, active or not: exports name creators, deleters and assignees once rather than per row. */
export async function userNames(org: OrgDb): Promise<Map<string, string>> {
  const rows = await org.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE organisation_id = $org');
  return new Map(rows.map((u) => [u.id, u.name]));
}

/** Active users a case can be assigned to, by name. */
export async function assignableUsers(org: OrgDb) {
  return org.query<{ id: string; name: string; email: string }>('SELECT id, name, email FROM users WHERE organisation_id = $org AND is_active ORDER BY lower(name)');
}

/** The cases named by references, locked for the rest of the transaction (only the organisation's are found). */
export async function lockCasesByReference(org: OrgDb, references: string[]) {
  return org.query<{ id: string; reference: string; is_deleted: boolean }>(
    'SELECT id, reference, is_deleted FROM cases WHERE organisation_id = $org AND reference = ANY($1::text[]) FOR UPDATE',
    [references],
  );
}

export async function markCaseDeleted(org: OrgDb, caseId: string, actorId: string, reason: string) {
  await org.query(
    'UPDATE cases SET is_deleted = true, deleted_by = $2, deleted_at = now(), delete_reason = $3, updated_at = now() WHERE id = $1 AND organisation_id = $org',
    [caseId, actorId, reason],
  );
}

export async function insertComment(org: OrgDb, input: { caseId: string; hitId: string | null; userId: string; text: string }): Promise<string> {
  const row = await org.one<{ id: string }>(
    'INSERT INTO case_comments (organisation_id, case_id, hit_id, user_id, text) VALUES ($org, $1, $2, $3, $4) RETURNING id',
    [input.caseId, input.hitId, input.userId, input.text],
  );
  return row!.id;
}

/** The case changed (a comment, a decision): its updated time moves, which the lists sort by. */
export async function touchCase(org: OrgDb, caseId: string) {
  await org.query('UPDATE cases SET updated_at = now() WHERE id = $1 AND organisation_id = $org', [caseId]);
}
