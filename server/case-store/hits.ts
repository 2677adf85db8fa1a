/**
 * A case's hits as the screening engine produced them: the query a saved search
 * input makes, the versions of the lists it ran against, writing hits with a
 * snapshot of each listed record, and rolling the hits' decisions up to the case.
 * Shared by case creation and ongoing monitoring, which adds hits to an existing case.
 */
import { caseMatchFromHits, caseRiskFromHits, type HitDecision, type SearchInputView } from '../../common/cases';
import type { Queryable } from '../db/client';
import type { OrgDb } from '../db/tenant';
import type { ScreeningEngine, ScreeningHit, ScreeningQuery } from '../screening';

/** Hits kept per case: the engine's best 50 at or above the threshold. */
export const HITS_PER_CASE = 50;

/** The engine query of a case's saved search input. */
export function screeningQueryFor(input: SearchInputView): ScreeningQuery {
  return {
    search_term: input.search_term,
    entity_type: input.entity_type,
    birth_day: input.birth_day,
    birth_month: input.birth_month,
    birth_year: input.birth_year,
    countries: input.countries,
    residence_countries: input.residence_countries,
    nationality: input.nationality,
    gender: input.gender as ScreeningQuery['gender'],
    unique_identifier: input.unique_identifier,
    match_score: input.match_score || undefined,
    exact_match: input.exact_match,
    match_akas: input.match_akas,
    match_rca: input.match_rca,
    databases: input.databases,
    ...(input.sources?.length ? { sources: input.sources } : {}),
    limit: HITS_PER_CASE,
  };
}

/** List id → content version of every loaded list: what a case was screened against. */
export function listsVersionOf(engine: ScreeningEngine): Record<string, string> {
  return Object.fromEntries(
    engine
      .status()
      .lists.filter((l) => l.version)
      .map((l) => [l.id, l.version]),
  );
}

const HIT_COLUMNS = [
  'organisation_id', 'case_id', 'position', 'entity_id', 'name', 'matched_name', 'score', 'score_raw', 'relevance', 'database', 'source', 'list_id',
  'programs', 'kind', 'countries', 'birth_dates', 'explanation', 'entity', 'risk_level', 'risk_decision', 'risk_breakdown', 'aml_monitoring', 'adverse_media_monitoring',
];

/**
 * Writes hits from position firstPosition on, each with a snapshot of the listed record as the list holds
 * it now and its decision (CaseScreening.decide of these hits).
 */
export async function insertHits(
  tx: Queryable,
  screening: Pick<ScreeningEngine, 'getEntity'>,
  target: { organisationId: string; caseId: string; firstPosition: number; amlMonitoring: boolean; mediaMonitoring: boolean },
  hits: readonly ScreeningHit[],
  decisions: readonly HitDecision[],
) {
  // One multi-row insert per 25 hits keeps a 50-hit case at two statements.
  for (let i = 0; i < hits.length; i += 25) {
    const params: unknown[] = [];
    const values = hits.slice(i, i + 25).map((h, j) => {
      params.push(
        target.organisationId,
        target.caseId,
        target.firstPosition + i + j,
        h.entity_id,
        h.name,
        h.matched_name,
        h.score,
        h.score_raw,
        h.relevance,
        h.database,
        h.source,
        h.list_id,
        h.programs,
        h.kind,
        h.countries,
        JSON.stringify(h.birth_dates),
        JSON.stringify(h.explanation),
        JSON.stringify(screening.getEntity(h.entity_id) ?? {}),
        decisions[i + j].risk_level,
        decisions[i + j].risk_decision,
        decisions[i + j].risk_breakdown ? JSON.stringify(decisions[i + j].risk_breakdown) : null,
        target.amlMonitoring,
        target.mediaMonitoring,
      );
      const base = j * HIT_COLUMNS.length;
      return `(${HIT_COLUMNS.map((_, k) => `$${base + k + 1}`).join(', ')})`;
    });
    await tx.query(`INSERT INTO case_hits (${HIT_COLUMNS.join(', ')}) VALUES ${values.join(', ')}`, params);
  }
}

/** Recomputes a case's roll-ups (match status, risk level) from its hits after its hits changed. */
export async function rollUpCase(tx: Queryable | OrgDb, caseId: string) {
  // The monitoring pass calls this on a plain connection for every organisation; a request's change passes its
  // organisation's handle, and the statements then name the organisation too.
  const own = 'unscoped' in tx ? ' AND organisation_id = $org' : '';
  const hits = await tx.query<{ match_status: string; risk_level: string }>(`SELECT match_status, risk_level FROM case_hits WHERE case_id = $1${own}`, [caseId]);
  if (!hits.length) return;
  await tx.query(`UPDATE cases SET match_status = $2, risk_level = $3, updated_at = now() WHERE id = $1${own}`, [
    caseId,
    caseMatchFromHits(hits.map((h) => h.match_status)),
    caseRiskFromHits(hits),
  ]);
}
