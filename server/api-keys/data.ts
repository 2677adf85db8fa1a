/** The organisation's API keys: the list, generating one and deleting one (routes.ts says when). */
import type { ApiKeyView } from '../../common/api-keys';
import { pageOfRows } from '../db/paged';
import type { OrgDb } from '../db/tenant';

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  user_id: string | null;
  user_name: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export const toKeyView = (r: KeyRow, now = Date.now()): ApiKeyView => ({
  _id: r.id,
  name: r.name,
  prefix: r.prefix,
  created_at: iso(r.created_at),
  expires_at: iso(r.expires_at),
  last_used_at: r.last_used_at ? iso(r.last_used_at) : null,
  expired: new Date(r.expires_at).getTime() <= now,
  created_by: r.user_id ? { _id: r.user_id, name: r.user_name ?? '' } : null,
});

const COLUMNS = 'k.id, k.name, k.prefix, k.created_at, k.expires_at, k.last_used_at, u.id AS user_id, u.name AS user_name';
const SELECT = `SELECT ${COLUMNS} FROM api_keys k LEFT JOIN users u ON u.id = k.user_id`;

/** A page of live keys, newest first; an expired key stays listed (marked) until someone deletes it. */
export async function listKeys(org: OrgDb, page: { page: number; page_size: number }) {
  const { rows, total } = await pageOfRows(org, {
    select: COLUMNS,
    from: 'api_keys k',
    joins: 'LEFT JOIN users u ON u.id = k.user_id',
    where: 'k.organisation_id = $org AND k.deleted_at IS NULL',
    orderBy: 'k.created_at DESC, k.id',
    params: [],
    page: page.page,
    pageSize: page.page_size,
  });
  return { rows: rows.map((r) => toKeyView(r as KeyRow)), total };
}

export async function insertKey(org: OrgDb, key: { userId: string; name: string; prefix: string; hash: string; validityDays: number }): Promise<ApiKeyView> {
  const row = await org.one<{ id: string }>(
    `INSERT INTO api_keys (organisation_id, user_id, name, prefix, key_hash, expires_at)
     VALUES ($org, $1, $2, $3, $4, now() + ($5::int * interval '1 day')) RETURNING id`,
    [key.userId, key.name, key.prefix, key.hash, key.validityDays],
  );
  return (await findKey(org, row!.id))!;
}

export async function findKey(org: OrgDb, id: string): Promise<ApiKeyView | null> {
  const row = await org.one<KeyRow>(`${SELECT} WHERE k.id = $1 AND k.organisation_id = $org AND k.deleted_at IS NULL`, [id]);
  return row ? toKeyView(row) : null;
}

/** Deletes a live key: it stops working on its next call. False when there is no such live key. */
export async function deleteKey(org: OrgDb, id: string, userId: string): Promise<boolean> {
  const rows = await org.query(`UPDATE api_keys SET deleted_at = now(), deleted_by = $2 WHERE id = $1 AND organisation_id = $org AND deleted_at IS NULL RETURNING id`, [id, userId]);
  return rows.length > 0;
}
