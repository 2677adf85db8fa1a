/**
 * The default rule set (the engine's DEFAULT_RULES, each documented with the typology it catches in
 * docs/transaction-rules.md) seeded into an organisation. Idempotent by the rule's key: seeding again inserts
 * only the keys the organisation lacks, so a default rule an analyst changed or disabled stays as they left
 * it, and a default added by a later release reaches existing organisations the next time they are seeded.
 *
 * Who seeds: nobody at creation. Organisations are made by platform modules (server/organisations/create.ts, from
 * signup and the first-start seed) that may not import an area, and the flag can be switched on later; so every
 * organisation is seeded the first time its rules are needed: the rules listing and the engine cache's first
 * load (ensureDefaultRules), which also covers the seeded organisation on its first transaction or visit.
 */
import { DEFAULT_RULES } from '../tm-engine';
import type { OrgDb } from '../db/tenant';

/** Organisations this process found with every default rule: a listing does not ask again each time. */
const checked = new Set<string>();

/** Inserts the default rules the organisation lacks; answers how many were inserted. */
export async function seedDefaultRules(org: OrgDb): Promise<number> {
  if (!DEFAULT_RULES.length) return 0;
  const rows = await org.query<{ id: string; name: string; description: string; score: number; definition: unknown; default_key: string }>(
    `INSERT INTO tm_rules (organisation_id, name, description, score, status, definition, version, typology, is_default, default_key)
     SELECT $org, x.name, x.description, x.score, x.status, x.definition, 1, x.typology, true, x.key
       FROM jsonb_to_recordset($1::jsonb) AS x(key text, name text, description text, score int, status text, definition jsonb, typology text)
     ON CONFLICT (organisation_id, default_key) WHERE default_key IS NOT NULL DO NOTHING
     RETURNING id, name, description, score, definition, default_key`,
    [
      JSON.stringify(
        DEFAULT_RULES.map((r) => ({
          key: r.key,
          name: r.name,
          description: r.description,
          score: r.score,
          status: r.enabled ? 'Enabled' : 'Disabled',
          definition: r.definition,
          typology: r.typology,
        })),
      ),
    ],
  );
  if (rows.length) {
    await org.query(
      `INSERT INTO tm_rule_versions (organisation_id, rule_id, version, name, description, score, definition)
       SELECT $org, r.id, 1, r.name, r.description, r.score, r.definition FROM tm_rules r WHERE r.organisation_id = $org AND r.id = ANY($1::uuid[])`,
      [rows.map((r) => r.id)],
    );
  }
  return rows.length;
}

/**
 * Seeds the defaults an organisation lacks. Cheap once they are all there (a set lookup): the organisation is
 * remembered only when a count finds them complete, never right after seeding, because the seeding may run in a
 * caller's transaction that rolls back (an ingest refused for credits) and then nothing was seeded after all.
 */
export async function ensureDefaultRules(org: OrgDb): Promise<void> {
  if (checked.has(org.organisationId)) return;
  const present = await org.one<{ n: number }>('SELECT count(*)::int AS n FROM tm_rules WHERE organisation_id = $org AND default_key IS NOT NULL');
  if ((present?.n ?? 0) >= DEFAULT_RULES.length) checked.add(org.organisationId);
  else await org.transaction((tx) => seedDefaultRules(tx));
}
