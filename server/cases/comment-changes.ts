/**
 * Editing and deleting a comment (update-comment, delete-comment) follow the
 * same rules: the comment is locked, a deleted comment is not found, a deleted
 * case is read-only, and only one's own comment may be changed — except that
 * the organisation's administrator may delete anyone's. The change touches the
 * case, goes into its history, and reaches whoever has the case open.
 */
import type { AuthContext } from '../auth/sessions';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { recordEvent } from '../case-store/events';
import { publishCaseChange } from './events';
import { touchCase } from './queries';

export type CommentChange = { action: 'comment_edited'; text: string } | { action: 'comment_deleted'; reason: string };

export async function changeComment(deps: Deps, org: OrgDb, auth: AuthContext, commentId: string, change: CommentChange) {
  const actor = { id: auth.user.id, name: auth.user.name };
  const kase = await org.transaction(async (tx) => {
    const c = await tx.one(
      `SELECT cc.*, c.reference, c.is_deleted AS case_deleted FROM case_comments cc JOIN cases c ON c.id = cc.case_id
        WHERE cc.id = $1 AND cc.organisation_id = $org FOR UPDATE OF cc`,
      [commentId],
    );
    if (!c || c.is_deleted) throw new ApiError(404, 'not_found');
    if (c.case_deleted) throw new ApiError(409, 'case_deleted_locked');
    const adminDeleting = change.action === 'comment_deleted' && auth.role.is_admin;
    if (c.user_id !== actor.id && !adminDeleting) throw new ApiError(403, 'comment_not_own');
    if (change.action === 'comment_edited') {
      await tx.query('UPDATE case_comments SET text = $2, edited = true, last_edited_at = now() WHERE id = $1 AND organisation_id = $org', [c.id, change.text]);
    } else {
      await tx.query(
        'UPDATE case_comments SET is_deleted = true, deleted_by = $2, deleted_at = now(), delete_reason = $3 WHERE id = $1 AND organisation_id = $org',
        [c.id, actor.id, change.reason],
      );
    }
    await touchCase(tx, c.case_id);
    const details = change.action === 'comment_edited' ? { comment_id: c.id, text: change.text } : { comment_id: c.id, reason: change.reason };
    await recordEvent(tx, { case_id: c.case_id, hit_id: c.hit_id, actor, action: change.action, details });
    return { id: c.case_id as string, reference: c.reference as string };
  });
  void publishCaseChange(deps, [kase], actor.id, org);
}
