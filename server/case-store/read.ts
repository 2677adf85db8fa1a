/**
 * Reading one stored case and its hits, scoped by the organisation: the case with its categories and
 * monitoring reach, its hits with the server-side filters and their facets, and one hit with its
 * neighbours. Shared by the case screens and the demo, so both answer a case in the same shapes.
 */
import type { CaseDetailView, HitDetailView } from '../../common/cases';
import type { HitFilterQueryValue } from '../../common/schemas/cases';
import { sqlParams } from '../db/paged';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { CASE_COLUMNS, HIT_COLUMNS, toCaseDetailView, toHitView, type MonitoringCounts } from './views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findCase(org: OrgDb, reference: string): Promise<{ row: Record<string, any>; view: CaseDetailView }> {
  const row = await org.one(
    `SELECT ${CASE_COLUMNS}, c.search_input, c.lists_version, c.risk_engine, c.face_image IS NOT NULL AS has_face_image, c.search_profile
       FROM cases c
      WHERE c.organisation_id = $org AND c.reference = $1`,
    [reference.trim()],
  );
  if (!row) throw new ApiError(404, 'not_found');
  const [categories, monitoring] = await Promise.all([
    org.query<{ database: string; count: number }>(
      'SELECT database, count(*)::int AS count FROM case_hits WHERE case_id = $1 AND organisation_id = $org GROUP BY database ORDER BY count DESC',
      [row.id],
    ),
    org.one<MonitoringCounts>(
      `SELECT c.aml_monitoring AS aml_case, c.adverse_media_monitoring AS adverse_media_case,
              (SELECT count(*)::int FROM case_hits h WHERE h.case_id = c.id AND h.aml_monitoring) AS aml_entities,
              (SELECT count(*)::int FROM case_hits h WHERE h.case_id = c.id AND h.adverse_media_monitoring) AS adverse_media_entities,
              (SELECT count(*)::int FROM case_hits h WHERE h.case_id = c.id) AS entities
         FROM cases c WHERE c.id = $1 AND c.organisation_id = $org`,
      [row.id],
    ),
  ]);
  return { row, view: toCaseDetailView(row, categories, monitoring) };
}

const HIT_SORT: Record<HitFilterQueryValue['sort_by'], string> = {
  score: 'h.score DESC, h.position',
  name: 'lower(h.name), h.position',
  position: 'h.position',
};

/** search_result_filter: a case's hits with the server-side filters (docs/cases.md). */
export async function filterHits(org: OrgDb, caseId: string, q: Partial<HitFilterQueryValue>) {
  const { params, add } = sqlParams([caseId]);
  const where = ['h.case_id = $1', 'h.organisation_id = $org'];
  if (q.relevance?.length) where.push(`h.relevance && ${add(q.relevance)}::text[]`);
  if (q.database?.length) where.push(`h.database = ANY(${add(q.database)}::text[])`);
  if (q.match_status?.length) where.push(`h.match_status = ANY(${add(q.match_status)}::text[])`);
  if (q.risk_level?.length) where.push(`h.risk_level = ANY(${add(q.risk_level)}::text[])`);
  if (q.min_score !== undefined) where.push(`h.score >= ${add(q.min_score)}`);
  if (q.search?.trim()) where.push(`(lower(h.name) LIKE ${add(`%${q.search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} OR lower(h.matched_name) LIKE $${params.length})`);
  const rows = await org.query(`SELECT ${HIT_COLUMNS} FROM case_hits h WHERE ${where.join(' AND ')} ORDER BY ${HIT_SORT[q.sort_by ?? 'score']}`, params);
  return rows.map(toHitView);
}

/** Counts of a case's hits per relevance label, database and match status, for the filter chips. */
export async function hitFacets(org: OrgDb, caseId: string) {
  const rows = await org.query<{ relevance: string[]; database: string; match_status: string }>(
    'SELECT relevance, database, match_status FROM case_hits WHERE case_id = $1 AND organisation_id = $org',
    [caseId],
  );
  const count = (values: string[]) => values.reduce<Record<string, number>>((acc, v) => ((acc[v] = (acc[v] ?? 0) + 1), acc), {});
  return {
    relevance: count(rows.flatMap((r) => r.relevance)),
    database: count(rows.map((r) => r.database)),
    match_status: count(rows.map((r) => r.match_status)),
  };
}

/** One hit with its position among the case's hits (by score, as the results page lists them). */
export async function findHit(org: OrgDb, caseId: string, hitId: string): Promise<HitDetailView> {
  if (!UUID.test(hitId)) throw new ApiError(404, 'not_found');
  const row = await org.one(
    `SELECT * FROM (
       SELECT ${HIT_COLUMNS},
              lag(h.id) OVER w AS previous_id, lead(h.id) OVER w AS next_id,
              row_number() OVER w AS idx, count(*) OVER () AS total
         FROM case_hits h WHERE h.case_id = $1 AND h.organisation_id = $org
       WINDOW w AS (ORDER BY h.score DESC, h.position)
     ) x WHERE x.id = $2`,
    [caseId, hitId],
  );
  if (!row) throw new ApiError(404, 'not_found');
  const entity = typeof row.entity === 'string' ? JSON.parse(row.entity) : row.entity;
  return { ...toHitView(row), entity, previous_id: row.previous_id ?? null, next_id: row.next_id ?? null, index: Number(row.idx), total: Number(row.total) };
}

