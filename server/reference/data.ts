/** The organisation's own reference data: its risk-scoring engines and search profiles. */
import type { OrgDb } from '../db/tenant';

export async function riskScoreEngines(org: OrgDb) {
  // Risk scoring arrives in its own release; until its table exists there is nothing to choose.
  // to_regclass reads the catalogue, not a row of any organisation.
  const exists = await org.unscoped.one<{ t: string | null }>("SELECT to_regclass('risk_score_engines')::text AS t");
  if (!exists?.t) return [];
  return org.query<{ id: string; title: string }>('SELECT id, title FROM risk_score_engines WHERE organisation_id = $org ORDER BY lower(title)');
}

export async function searchProfiles(org: OrgDb) {
  return org.query<{ id: string; title: string; databases: string[]; countries: string[] }>(
    'SELECT id, title, databases, countries FROM search_profiles WHERE organisation_id = $org ORDER BY lower(title)',
  );
}
