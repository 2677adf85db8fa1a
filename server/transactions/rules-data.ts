/**
 * An organisation's transaction-monitoring rules (docs/transaction-monitoring.md, "Rules and alerts"): listing,
 * creating (Disabled unless told: a rule is backtested before it fires on live traffic), changing (each change of
 * what a rule does is a new version, the old one kept in tm_rule_versions so an alert still names the version
 * that raised it), enabling and disabling. A definition is checked twice: by the rule language's schema when the
 * request is parsed (field paths), and by compiling it (what the schema cannot see, e.g. a list that does not
 * exist), so a stored rule always compiles. All SQL of the rules is here, through the organisation's handle.
 */
import type { RuleRow, RuleStatus, RuleVersionRow } from '../../common/tm-alerts';
import type { RuleDefinition } from '../../common/tm-rules';
import type { Row } from '../db/client';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { compileRule, type CompiledRule } from '../tm-engine';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const RULE_COLUMNS = `r.id, r.name, r.description, r.score, r.status, r.definition, r.version, r.typology, r.is_default,
  r.created_by, r.created_at, r.updated_at, r.last_executed_at, (SELECT u.name FROM users u WHERE u.id = r.created_by) AS created_by_name`;

export function toRuleRow(row: Row): RuleRow {
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? '',
    score: Number(row.score),
    status: row.status,
    definition: json<RuleDefinition>(row.definition),
    version: Number(row.version),
    typology: row.typology ?? null,
    is_default: Boolean(row.is_default),
    created_by: row.created_by ? { id: row.created_by, name: row.created_by_name ?? '' } : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    last_executed_at: iso(row.last_executed_at),
  };
}

/**
 * Compiles a definition as the engine will run it; a definition the engine refuses is a 400 on `definition`
 * naming why, and nothing is stored. The schema has already refused malformed ones with their paths.
 */
export function compileOrRefuse(input: { id?: string; version?: number; score: number; definition: unknown }): CompiledRule {
  try {
    return compileRule({ id: input.id ?? 'unsaved', version: input.version ?? 0, score: input.score, definition: input.definition });
  } catch (error) {
    const reason = ((error as Error).message || 'invalid definition').slice(0, 300);
    throw new ApiError(400, 'tm_rule_definition_invalid', { reason }, 'definition');
  }
}

/** The organisation's rules, oldest first (the default set first, as seeded, then the organisation's own). */
export async function listRules(org: OrgDb): Promise<RuleRow[]> {
  const rows = await org.query(`SELECT ${RULE_COLUMNS} FROM tm_rules r WHERE r.organisation_id = $org ORDER BY r.created_at, r.name, r.id`);
  return rows.map(toRuleRow);
}

/** One rule of the organisation; another organisation's (or a made-up id) is 404. */
export async function findRule(org: OrgDb, id: string): Promise<RuleRow> {
  if (!isUuid(id.trim())) throw new ApiError(404, 'not_found');
  const row = await org.one(`SELECT ${RULE_COLUMNS} FROM tm_rules r WHERE r.organisation_id = $org AND r.id = $1`, [id.trim()]);
  if (!row) throw new ApiError(404, 'not_found');
  return toRuleRow(row);
}

/** The rule locked for the rest of the transaction, or 404. */
async function lockRule(tx: OrgDb, id: string): Promise<Row> {
  if (!isUuid(id.trim())) throw new ApiError(404, 'not_found');
  const row = await tx.one(`SELECT r.* FROM tm_rules r WHERE r.organisation_id = $org AND r.id = $1 FOR UPDATE`, [id.trim()]);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export interface NewRule {
  name: string;
  description: string;
  score: number;
  definition: RuleDefinition;
  status: RuleStatus;
  typology: string | null;
  userId: string;
}

export async function insertRule(tx: OrgDb, input: NewRule): Promise<RuleRow> {
  compileOrRefuse(input);
  const row = await tx.one<{ id: string }>(
    `INSERT INTO tm_rules (organisation_id, name, description, score, status, definition, typology, created_by, updated_by)
     VALUES ($org, $1, $2, $3, $4, $5::jsonb, $6, $7, $7) RETURNING id`,
    [input.name, input.description, input.score, input.status, JSON.stringify(input.definition), input.typology, input.userId],
  );
  await tx.query(
    `INSERT INTO tm_rule_versions (organisation_id, rule_id, version, name, description, score, definition, created_by)
     VALUES ($org, $1, 1, $2, $3, $4, $5::jsonb, $6)`,
    [row!.id, input.name, input.description, input.score, JSON.stringify(input.definition), input.userId],
  );
  return findRule(tx, row!.id);
}

export interface RuleChanges {
  name?: string;
  description?: string;
  score?: number;
  definition?: RuleDefinition;
  typology?: string | null;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
/** Keys sorted, so a definition sent with its keys in another order is the same definition. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  return value;
}

/**
 * Applies the changes that differ from the stored rule. A change of name, description, score or definition makes
 * a new version (kept in tm_rule_versions); the typology alone is a label and makes none. Answers the rule and
 * the changed fields as { field: { from, to } } (the definition's only as "changed").
 */
export async function updateRule(tx: OrgDb, id: string, changes: RuleChanges, userId: string): Promise<{ rule: RuleRow; diff: Record<string, unknown>; versioned: boolean }> {
  const current = await lockRule(tx, id);
  const diff: Record<string, unknown> = {};
  for (const key of ['name', 'description', 'score'] as const) {
    const to = changes[key];
    if (to !== undefined && to !== (key === 'score' ? Number(current.score) : current[key])) diff[key] = { from: current[key], to };
  }
  const definitionChanged = changes.definition !== undefined && !sameJson(changes.definition, json(current.definition));
  if (definitionChanged) diff.definition = 'changed';
  const typologyChanged = changes.typology !== undefined && (changes.typology ?? null) !== (current.typology ?? null);
  if (typologyChanged) diff.typology = { from: current.typology, to: changes.typology };
  const versioned = Object.keys(diff).some((k) => k !== 'typology');
  if (!Object.keys(diff).length) return { rule: await findRule(tx, id), diff, versioned: false };

  const next = {
    name: changes.name ?? current.name,
    description: changes.description ?? current.description,
    score: changes.score ?? Number(current.score),
    definition: definitionChanged ? changes.definition! : json<RuleDefinition>(current.definition),
  };
  const version = Number(current.version) + (versioned ? 1 : 0);
  if (versioned) compileOrRefuse({ id: current.id, version, ...next });
  await tx.query(
    `UPDATE tm_rules SET name = $2, description = $3, score = $4, definition = $5::jsonb, version = $6, typology = $7, updated_by = $8, updated_at = now()
      WHERE organisation_id = $org AND id = $1`,
    [current.id, next.name, next.description, next.score, JSON.stringify(next.definition), version, typologyChanged ? changes.typology : current.typology, userId],
  );
  if (versioned) {
    await tx.query(
      `INSERT INTO tm_rule_versions (organisation_id, rule_id, version, name, description, score, definition, created_by)
       VALUES ($org, $1, $2, $3, $4, $5, $6::jsonb, $7)`,
      [current.id, version, next.name, next.description, next.score, JSON.stringify(next.definition), userId],
    );
  }
  return { rule: await findRule(tx, id), diff, versioned };
}

/** Enables or disables a rule; answers whether it changed. Enabling compiles it again (the engine may have moved on). */
export async function setRuleStatus(tx: OrgDb, id: string, status: RuleStatus, userId: string): Promise<{ rule: RuleRow; changed: boolean }> {
  const current = await lockRule(tx, id);
  if (current.status === status) return { rule: await findRule(tx, id), changed: false };
  if (status === 'Enabled') compileOrRefuse({ id: current.id, version: Number(current.version), score: Number(current.score), definition: json(current.definition) });
  await tx.query('UPDATE tm_rules SET status = $2, updated_by = $3, updated_at = now() WHERE organisation_id = $org AND id = $1', [current.id, status, userId]);
  return { rule: await findRule(tx, id), changed: true };
}

/** A rule's versions, newest first. */
export async function ruleVersions(org: OrgDb, id: string): Promise<RuleVersionRow[]> {
  const rule = await findRule(org, id);
  const rows = await org.query(
    `SELECT v.version, v.name, v.description, v.score, v.definition, v.created_by, v.created_at, (SELECT u.name FROM users u WHERE u.id = v.created_by) AS created_by_name
       FROM tm_rule_versions v WHERE v.organisation_id = $org AND v.rule_id = $1 ORDER BY v.version DESC`,
    [rule.id],
  );
  return rows.map((r) => ({
    version: Number(r.version),
    name: r.name,
    description: r.description ?? '',
    score: Number(r.score),
    definition: json<RuleDefinition>(r.definition),
    created_by: r.created_by ? { id: r.created_by, name: r.created_by_name ?? '' } : null,
    created_at: iso(r.created_at)!,
  }));
}

/** The enabled rules, as the engine cache compiles them (server/transactions/engine-cache.ts). */
export async function enabledRuleRows(org: OrgDb): Promise<{ id: string; name: string; version: number; score: number; definition: RuleDefinition }[]> {
  const rows = await org.query(`SELECT r.id, r.name, r.version, r.score, r.definition FROM tm_rules r WHERE r.organisation_id = $org AND r.status = 'Enabled' ORDER BY r.created_at, r.id`);
  return rows.map((r) => ({ id: r.id, name: r.name, version: Number(r.version), score: Number(r.score), definition: json<RuleDefinition>(r.definition) }));
}
