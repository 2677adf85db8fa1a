/** The organisation's own reference data: its risk-scoring engines and search profiles. */
import type { OrgDb } from '../db/tenant';

/** The organisation's risk-scoring engines by title, each saying whether it is the active one (searches without a chosen engine use it). */
export async function riskScoreEngines(org: OrgDb) {
  return org.query<{ id: string; title: string; is_active: boolean }>('SELECT id, title, is_active FROM risk_score_engines WHERE organisation_id = $org ORDER BY lower(title)');
}

export async function searchProfiles(org: OrgDb) {
  return org.query<{ id: string; title: string; databases: string[]; countries: string[] }>(
    'SELECT id, title, databases, countries FROM search_profiles WHERE organisation_id = $org ORDER BY lower(title)',
  );
}
