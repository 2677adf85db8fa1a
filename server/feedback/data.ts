/** The organisation's feedback: storing what a user sent, finding who reads it, and the administrators' list. */
import type { OrgDb } from '../db/tenant';

export async function insertFeedback(org: OrgDb, input: { userId: string; userName: string; userEmail: string; message: string; page: string | null }) {
  await org.query('INSERT INTO feedback (organisation_id, user_id, user_name, user_email, message, page) VALUES ($org, $1, $2, $3, $4, $5)', [
    input.userId,
    input.userName,
    input.userEmail,
    input.message,
    input.page,
  ]);
}

/** Only administrators who can act on it: active, past their invitation (a password set), and not the sender. */
export async function feedbackReaders(org: OrgDb, senderId: string) {
  return org.query<{ id: string }>(
    `SELECT u.id FROM users u JOIN role_permissions rp ON rp.role_id = u.role_id AND rp.permission = 'view_feedback'
      WHERE u.organisation_id = $org AND u.is_active AND u.password_hash IS NOT NULL AND u.id <> $1`,
    [senderId],
  );
}

export async function listFeedback(org: OrgDb, page: number, pageSize: number) {
  const rows = await org.query(
    `SELECT id, user_id, user_name, user_email, message, page, created_at, count(*) OVER ()::int AS total
       FROM feedback WHERE organisation_id = $org ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  );
  return {
    total: (rows[0]?.total as number | undefined) ?? 0,
    rows: rows.map(({ total: _total, created_at, ...rest }) => ({ ...rest, created_at: new Date(created_at).toISOString() })),
  };
}
