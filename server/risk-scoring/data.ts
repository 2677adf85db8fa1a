/** Reading and writing one organisation's risk-scoring engines, and the case a "try" scores. */
import { isUuid } from '../../common/schemas/admin';
import type { RiskEngineDefinition, RiskEngineView } from '../../common/risk-scoring';
import { engineSnapshot } from '../case-store/screen';
import type { Row } from '../db/client';
import { likePattern } from '../db/like';
import type { OrgDb } from '../db/tenant';
import { notFound } from '../http/errors';

const ENGINE = `SELECT e.*, cu.name AS created_by_name, uu.name AS updated_by_name
  FROM risk_score_engines e
  LEFT JOIN users cu ON cu.id = e.created_by
  LEFT JOIN users uu ON uu.id = e.updated_by`;

export function toEngineView(row: Row): RiskEngineView {
  const user = (id: unknown, name: unknown) => (id ? { _id: String(id), name: String(name ?? '') } : null);
  return {
    ...engineSnapshot(row),
    is_active: Boolean(row.is_active),
    created_by: user(row.created_by, row.created_by_name),
    created_at: new Date(row.created_at).toISOString(),
    updated_by: user(row.updated_by, row.updated_by_name),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A page of the organisation's engines, the active one first, then by title; optionally searched by title. */
export async function listEngines(org: OrgDb, options: { search?: string; page: number; pageSize: number }) {
  const params: unknown[] = [];
  let where = 'e.organisation_id = $org';
  if (options.search?.trim()) {
    params.push(likePattern(options.search));
    where += ` AND lower(e.title) LIKE $${params.length}`;
  }
  params.push(options.pageSize, (options.page - 1) * options.pageSize);
  const rows = await org.query(
    `SELECT x.*, count(*) OVER ()::int AS total FROM (${ENGINE} WHERE ${where}) x
      ORDER BY x.is_active DESC, lower(x.title), x.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  // A page past the end has no rows to carry the total: count on its own then.
  const total = rows[0]?.total ?? (options.page > 1 ? (await org.one<{ n: number }>(`SELECT count(*)::int AS n FROM risk_score_engines e WHERE ${where}`, params.slice(0, -2)))!.n : 0);
  return { rows: rows.map(toEngineView), total };
}

/** One engine of the organisation with who made and changed it, or undefined (another organisation's id included). */
export async function findEngine(org: OrgDb, id: unknown): Promise<RiskEngineView | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await org.one(`${ENGINE} WHERE e.id = $1 AND e.organisation_id = $org`, [id]);
  return row ? toEngineView(row) : undefined;
}

/** An engine of the organisation, locked until the transaction ends, so two changes of it apply one after the other; 404 otherwise. */
export async function lockEngine(org: OrgDb, id: unknown): Promise<RiskEngineView> {
  const row = isUuid(id) ? await org.one('SELECT * FROM risk_score_engines WHERE id = $1 AND organisation_id = $org FOR UPDATE', [id]) : undefined;
  if (!row) throw notFound();
  return toEngineView(row);
}

/**
 * Locks every engine of the organisation, in one order, so two activations at once take turns and the
 * second sees the first's result (the unique index allows one active engine; this avoids racing into it).
 */
export async function lockAllEngines(org: OrgDb): Promise<void> {
  await org.query('SELECT id FROM risk_score_engines WHERE organisation_id = $org ORDER BY id FOR UPDATE');
}

export async function titleTaken(org: OrgDb, title: string, exceptId?: string): Promise<boolean> {
  const row = await org.one('SELECT 1 FROM risk_score_engines WHERE organisation_id = $org AND lower(title) = lower($1) AND id IS DISTINCT FROM $2', [title.trim(), exceptId ?? null]);
  return Boolean(row);
}

/** Titles of the organisation's engines that begin with this text (any case): the copies a new copy must not repeat. */
export async function titlesStartingWith(org: OrgDb, start: string): Promise<string[]> {
  const pattern = `${start.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await org.query<{ title: string }>('SELECT title FROM risk_score_engines WHERE organisation_id = $org AND lower(title) LIKE $1', [pattern]);
  return rows.map((r) => r.title);
}

const definitionParams = (d: RiskEngineDefinition) => [d.title, d.model_name, d.low_threshold, d.medium_threshold, d.high_threshold, JSON.stringify(d.rules), JSON.stringify(d.decisions)];

export async function insertEngine(org: OrgDb, definition: RiskEngineDefinition, userId: string): Promise<string> {
  const row = await org.one<{ id: string }>(
    `INSERT INTO risk_score_engines (organisation_id, title, model_name, low_threshold, medium_threshold, high_threshold, rules, decisions, created_by, updated_by)
     VALUES ($org, $1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $8) RETURNING id`,
    [...definitionParams(definition), userId],
  );
  return row!.id;
}

/** Saves a new definition of an engine as its next version. */
export async function updateEngine(org: OrgDb, id: string, definition: RiskEngineDefinition, userId: string): Promise<void> {
  await org.query(
    `UPDATE risk_score_engines
        SET title = $2, model_name = $3, low_threshold = $4, medium_threshold = $5, high_threshold = $6, rules = $7::jsonb, decisions = $8::jsonb,
            version = version + 1, updated_by = $9, updated_at = now()
      WHERE id = $1 AND organisation_id = $org`,
    [id, ...definitionParams(definition), userId],
  );
}

export async function deleteEngine(org: OrgDb, id: string): Promise<void> {
  await org.query('DELETE FROM risk_score_engines WHERE id = $1 AND organisation_id = $org', [id]);
}

/** Switches the organisation's active engine off (all but keepId), answering the ones that were on. */
export async function deactivateEngines(org: OrgDb, keepId: string | null): Promise<{ id: string; title: string }[]> {
  return org.query<{ id: string; title: string }>(
    'UPDATE risk_score_engines SET is_active = false WHERE organisation_id = $org AND is_active AND id IS DISTINCT FROM $1 RETURNING id, title',
    [keepId],
  );
}

export async function setEngineActive(org: OrgDb, id: string, active: boolean): Promise<void> {
  await org.query('UPDATE risk_score_engines SET is_active = $2 WHERE id = $1 AND organisation_id = $org', [id, active]);
}

/** A case of the organisation by its reference, with each hit's stored snapshot of its listed record; undefined when there is none. */
export async function caseToTry(org: OrgDb, reference: string) {
  const kase = await org.one('SELECT id, reference, search_term, case_status, risk_level, risk_engine FROM cases WHERE organisation_id = $org AND reference = $1', [reference.trim()]);
  if (!kase) return undefined;
  const hits = await org.query('SELECT id, name, database, countries, entity FROM case_hits WHERE organisation_id = $org AND case_id = $1 ORDER BY position', [kase.id]);
  return { kase, hits };
}
