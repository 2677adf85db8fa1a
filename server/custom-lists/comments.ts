/**
 * Comments on a list record (section 3 "Comment"; docs/custom-lists.md), as case comments work
 * (server/cases/comment-changes.ts): anyone with the permission comments on a live record of a live
 * list; a comment is edited by its author only (marked edited, with the time) and deleted with a reason
 * by its author or the organisation's administrator; a deleted comment keeps its place without its text.
 * Comments are not screened, so they leave the custom-list revision alone.
 */
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { auditList, isUuid, type ListActor } from './data';
import { toCommentView } from './views';

/** A record's comments, newest first (deleted ones without their text). */
export async function recordComments(org: OrgDb, recordId: string) {
  const rows = await org.query(
    `SELECT c.*, u.name AS author_name, du.name AS deleted_by_name
       FROM custom_list_comments c LEFT JOIN users u ON u.id = c.user_id LEFT JOIN users du ON du.id = c.deleted_by
      WHERE c.record_id = $1 AND c.organisation_id = $org ORDER BY c.created_at DESC, c.id DESC`,
    [recordId],
  );
  return rows.map(toCommentView);
}

/** Adds a comment to a live record of a live list; answers its id. */
export async function addComment(org: OrgDb, actor: ListActor, recordId: string, text: string): Promise<string> {
  if (!isUuid(recordId)) throw new ApiError(404, 'not_found');
  return org.transaction(async (tx) => {
    const record = await tx.one<{ is_deleted: boolean; list_deleted: boolean; full_name: string; list_id: string }>(
      `SELECT r.is_deleted, l.is_deleted AS list_deleted, r.full_name, r.list_id
         FROM custom_list_records r JOIN custom_lists l ON l.id = r.list_id AND l.organisation_id = $org
        WHERE r.id = $1 AND r.organisation_id = $org FOR SHARE OF r`,
      [recordId],
    );
    if (!record) throw new ApiError(404, 'not_found');
    if (record.list_deleted) throw new ApiError(409, 'list_deleted_locked');
    if (record.is_deleted) throw new ApiError(409, 'list_record_deleted_locked');
    const inserted = await tx.one<{ id: string }>('INSERT INTO custom_list_comments (organisation_id, record_id, user_id, text) VALUES ($org, $1, $2, $3) RETURNING id', [
      recordId,
      actor.id,
      text,
    ]);
    await auditList(tx, actor, 'custom_list.comment_added', { type: 'custom_list_comment', id: inserted!.id }, { record_id: recordId, list_id: record.list_id, full_name: record.full_name, text });
    return inserted!.id;
  });
}

export type ListCommentChange = { action: 'edited'; text: string } | { action: 'deleted'; reason: string };

/**
 * Edits or deletes a comment: a deleted comment is not found; one's own only, except that the
 * organisation's administrator may delete anyone's; the record and its list must still be live.
 */
export async function changeComment(org: OrgDb, actor: ListActor, commentId: string, change: ListCommentChange): Promise<void> {
  if (!isUuid(commentId)) throw new ApiError(404, 'not_found');
  await org.transaction(async (tx) => {
    const c = await tx.one<{ id: string; user_id: string | null; is_deleted: boolean; record_id: string; record_deleted: boolean; list_deleted: boolean; text: string }>(
      `SELECT c.id, c.user_id, c.is_deleted, c.record_id, c.text, r.is_deleted AS record_deleted, l.is_deleted AS list_deleted
         FROM custom_list_comments c
         JOIN custom_list_records r ON r.id = c.record_id AND r.organisation_id = $org
         JOIN custom_lists l ON l.id = r.list_id AND l.organisation_id = $org
        WHERE c.id = $1 AND c.organisation_id = $org FOR UPDATE OF c`,
      [commentId],
    );
    if (!c || c.is_deleted) throw new ApiError(404, 'not_found');
    if (c.list_deleted) throw new ApiError(409, 'list_deleted_locked');
    if (c.record_deleted) throw new ApiError(409, 'list_record_deleted_locked');
    const adminDeleting = change.action === 'deleted' && actor.is_admin;
    if (c.user_id !== actor.id && !adminDeleting) throw new ApiError(403, 'comment_not_own');
    if (change.action === 'edited') {
      await tx.query('UPDATE custom_list_comments SET text = $2, edited = true, last_edited_at = now() WHERE id = $1 AND organisation_id = $org', [c.id, change.text]);
      await auditList(tx, actor, 'custom_list.comment_edited', { type: 'custom_list_comment', id: c.id }, { record_id: c.record_id, before: c.text, text: change.text });
    } else {
      await tx.query('UPDATE custom_list_comments SET is_deleted = true, deleted_by = $2, deleted_at = now(), delete_reason = $3 WHERE id = $1 AND organisation_id = $org', [
        c.id,
        actor.id,
        change.reason,
      ]);
      await auditList(tx, actor, 'custom_list.comment_deleted', { type: 'custom_list_comment', id: c.id }, { record_id: c.record_id, author_id: c.user_id, reason: change.reason });
    }
  });
}
