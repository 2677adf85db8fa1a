/**
 * Screening for a case, as an organisation screens: the public lists (through the engine), the
 * organisation's own blacklists and whitelists (its custom list index), and the risk engine that decides
 * the case. Create New Case, bulk search and ongoing monitoring all screen through here, so a case is
 * screened and decided one way (docs/advanced-features.md).
 *
 * What the organisation's plan does not include is not applied: on the basic plan custom lists are not
 * screened and no risk engine decides (section 2's plan restrictions), whatever was set up before a
 * downgrade; the lists and engines stay stored for an upgrade.
 */
import { planIncludes, type AccessContext } from '../../common/access';
import { caseDecision, type CaseDecision, type SearchInputView } from '../../common/cases';
import { scoreHit, type RiskEngineSnapshot } from '../../common/risk-scoring';
import { isCustomSource } from '../../common/search-profiles';
import type { Db } from '../db/client';
import { forOrganisation, type OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import type { ListedEntity, ScreeningEngine, ScreeningHit, ScreeningResult } from '../screening';
import { isCustomEntityId } from '../screening/custom-index';
import type { CustomListRegistry, CustomListsState } from '../screening/custom-lists';
import { screeningQueryFor } from './hits';
import { recordConditions } from './risk-records';

export interface CaseScreeningDeps {
  db: Db;
  screening: ScreeningEngine;
  customLists: CustomListRegistry;
}

export interface CaseScreening {
  readonly organisationId: string;
  /** The engine that decides the cases screened here, as the case keeps it; null: the default rules. */
  readonly riskEngine: RiskEngineSnapshot | null;
  /** One search input against every list it may reach (synchronous: everything is in memory). */
  screen(input: SearchInputView): ScreeningResult;
  /** Many, the public lists on the engine's worker threads; a failed input as { error }. */
  screenBatch(inputs: SearchInputView[]): Promise<Array<ScreeningResult | { error: string }>>;
  /** A listed record as it is now, public or custom. */
  getEntity(id: string): ListedEntity | undefined;
  /** What a case screened now was screened against: list versions, and the custom list revision when there is one. */
  listsVersion(): Record<string, string | number>;
  /** Statuses, risk levels and risk breakdowns of a case with these hits. */
  decide(hits: readonly ScreeningHit[]): CaseDecision;
  /** The same screening decided by another engine (a monitored case keeps the engine it was scored with). */
  withEngine(engine: RiskEngineSnapshot | null): CaseScreening;
}

/** Where a search looks, from its input: public list ids and custom list ids of its sources (none: everything). */
function sourcesOf(input: SearchInputView): { lists?: string[]; custom?: ReadonlySet<string> } {
  if (!input.sources?.length) return {};
  return { lists: input.sources.filter((s) => !isCustomSource(s)), custom: new Set(input.sources.filter(isCustomSource)) };
}

const mergeResults = (a: ScreeningResult, b: ScreeningResult | null, limit: number): ScreeningResult =>
  b && b.hits.length
    ? { ...a, hits: [...a.hits, ...b.hits].sort((x, y) => y.score_raw - x.score_raw).slice(0, limit), candidates: a.candidates + b.candidates, took_ms: a.took_ms + b.took_ms }
    : a;

/** The organisation's plan and flags, as the access rules read them, and its custom list revision. */
export async function organisationAccess(org: OrgDb): Promise<AccessContext['organisation'] & { custom_lists_revision: number }> {
  const row = await org.one(
    'SELECT service_types, billing_type, plan_name, transaction_monitoring, usage_report, show_monitoring_configuration, is_demo, custom_lists_revision FROM organisations WHERE id = $org',
  );
  return {
    custom_lists_revision: Number(row?.custom_lists_revision ?? 0),
    service_types: row?.service_types ?? [],
    transaction_monitoring: Boolean(row?.transaction_monitoring),
    usage_report: Boolean(row?.usage_report),
    show_monitoring_configuration: Boolean(row?.show_monitoring_configuration),
    billing_type: row?.billing_type ?? 'invoice',
    plan_details: row?.plan_name ? { plan_name: row.plan_name } : null,
    is_demo: Boolean(row?.is_demo),
  } as AccessContext['organisation'] & { custom_lists_revision: number };
}

const ENGINE_COLUMNS = 'id, title, model_name, low_threshold, medium_threshold, high_threshold, rules, decisions, version';

/** An engine row as the snapshot a case keeps. */
export function engineSnapshot(row: Record<string, any>): RiskEngineSnapshot {
  return {
    _id: row.id,
    title: row.title,
    model_name: row.model_name,
    low_threshold: row.low_threshold === null || row.low_threshold === undefined ? null : Number(row.low_threshold),
    medium_threshold: Number(row.medium_threshold),
    high_threshold: Number(row.high_threshold),
    rules: row.rules ?? [],
    decisions: row.decisions,
    version: Number(row.version),
  };
}

/**
 * The engine a new search is decided by: the one chosen (an unknown id is refused as a field error), else
 * the organisation's active one, else none.
 */
async function chosenEngine(org: OrgDb, riskEngineId: string | null | undefined): Promise<RiskEngineSnapshot | null> {
  if (riskEngineId) {
    const row = /^[0-9a-f-]{36}$/i.test(riskEngineId) ? await org.one(`SELECT ${ENGINE_COLUMNS} FROM risk_score_engines WHERE id = $1 AND organisation_id = $org`, [riskEngineId]) : undefined;
    if (!row) throw new ApiError(400, 'risk_engine_required', {}, 'risk_engine_id');
    return engineSnapshot(row);
  }
  const active = await org.one(`SELECT ${ENGINE_COLUMNS} FROM risk_score_engines WHERE organisation_id = $org AND is_active`);
  return active ? engineSnapshot(active) : null;
}

/**
 * Prepares screening for one organisation: catches its custom list index up and picks the risk engine.
 * `riskEngine`: for a new search, the chosen engine's id (null or absent: the active one); for a case
 * being re-screened, the snapshot it was scored with (`{ snapshot }`, null for none).
 */
export async function caseScreening(
  deps: CaseScreeningDeps,
  organisationId: string,
  riskEngine: { id?: string | null } | { snapshot: RiskEngineSnapshot | null } = {},
): Promise<CaseScreening> {
  const org = forOrganisation(deps.db, organisationId);
  const access = await organisationAccess(org);
  const withLists = planIncludes(access, 'aml-custom-list');
  const withEngines = planIncludes(access, 'risk-scoring');
  // Without custom lists in the plan nothing of them is screened, but the revision is still recorded, so a
  // monitored case is not due again and again for a change it cannot see.
  const custom = withLists ? await deps.customLists.current(organisationId) : { revision: access.custom_lists_revision, index: null };
  const engine = !withEngines ? null : 'snapshot' in riskEngine ? riskEngine.snapshot : await chosenEngine(org, riskEngine.id);
  return bind(deps.screening, organisationId, custom, engine, withEngines);
}

function bind(global: ScreeningEngine, organisationId: string, custom: CustomListsState, engine: RiskEngineSnapshot | null, withEngines: boolean): CaseScreening {
  const screenCustom = (input: SearchInputView) => {
    const { custom: lists } = sourcesOf(input);
    if (!custom.index || (lists && lists.size === 0)) return null;
    return custom.index.screen(screeningQueryFor(input), lists);
  };
  const query = (input: SearchInputView) => {
    const q = screeningQueryFor(input);
    const { lists } = sourcesOf(input);
    return lists ? { ...q, sources: lists } : q;
  };

  const getEntity = (id: string) => (isCustomEntityId(id) ? custom.index?.getEntity(id) : global.getEntity(id));

  return {
    organisationId,
    riskEngine: engine,
    screen(input) {
      const q = query(input);
      return mergeResults(global.screen(q), screenCustom(input), q.limit ?? 25);
    },
    async screenBatch(inputs) {
      const results = await global.screenBatch(inputs.map(query));
      return results.map((r, i) => {
        if ('error' in r) return r;
        try {
          return mergeResults(r, screenCustom(inputs[i]), r.query.limit ?? 25);
        } catch (error) {
          return { error: (error as Error).message };
        }
      });
    },
    getEntity,
    listsVersion() {
      const versions: Record<string, string | number> = Object.fromEntries(
        global
          .status()
          .lists.filter((l) => l.version)
          .map((l) => [l.id, l.version]),
      );
      if (custom.revision > 0) versions.custom_lists = custom.revision;
      return versions;
    },
    decide(hits) {
      if (!engine) return caseDecision(hits);
      const breakdowns = hits.map((h) => scoreHit(engine, { database: h.database, countries: h.countries, records: recordConditions(getEntity(h.entity_id), h.database) }));
      return caseDecision(hits, breakdowns);
    },
    withEngine(next) {
      return bind(global, organisationId, custom, withEngines ? next : null, withEngines);
    },
  };
}
