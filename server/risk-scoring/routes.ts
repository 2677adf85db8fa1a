/**
 * The risk-scoring calls of section 7 (view-risk-score-engine, create, update, delete, duplicate,
 * active-risk-score-engine) and the editor's "try it" (docs/risk-scoring.md). Every call needs the Risk
 * Scoring screen's requirement (view_risk_score_engine, not on the basic plan); writes need their create,
 * update or delete counterpart (duplicating is creating, switching the active engine is updating). An
 * engine of another organisation answers like an unknown one (404). Every change is in the audit history.
 *
 * Saving a change makes the engine's next version. A case keeps the engine as it was when the case was
 * decided (cases.risk_engine), so no change here, deletion included, ever rewrites a saved case.
 */
import { findRoute, withPermission } from '../../common/access';
import { caseDecision } from '../../common/cases';
import { LIMITS } from '../../common/constants';
import { RISK_OUTCOMES, riskEngineProblems, scoreHit, type RiskEngineDefinition, type RiskEngineView, type RiskTryAnswer, type TriedHit } from '../../common/risk-scoring';
import {
  ActiveRiskEngineBody,
  CreateRiskEngineBody,
  RiskEngineIdBody,
  RiskEngineListQuery,
  RiskEngineQuery,
  TryRiskEngineBody,
  UpdateRiskEngineBody,
  toRiskDefinition,
  toRiskSample,
} from '../../common/schemas/risk-scoring';
import { toBoolean } from '../../common/schemas/core';
import { auditAction } from '../audit/actor';
import { recordConditions } from '../case-store/risk-records';
import { isUniqueViolation } from '../db/errors';
import { ApiError, notFound } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { isKnownCountry } from '../reference/countries';
import {
  caseToTry,
  deactivateEngines,
  deleteEngine,
  findEngine,
  insertEngine,
  listEngines,
  lockAllEngines,
  lockEngine,
  setEngineActive,
  titleTaken,
  titlesStartingWith,
  updateEngine,
} from './data';

const VIEW = findRoute('risk-scoring').requirement;
const TAG = 'Risk scoring';

/** A definition the editor could have sent, for the examples the attack suite replays. */
const EXAMPLE_DEFINITION = {
  model_name: 'Sanctions first',
  low_threshold: 10,
  medium_threshold: 40,
  high_threshold: 70,
  rules: [{ country: 'any', category: 'sanctions', record: 'terrorism', weightage: 80 }],
  decisions: { blacklisted: 'failed', whitelisted: 'passed', high_risk: 'failed', medium_risk: 'for review', low_risk: 'passed' },
};

/**
 * The section-5 checks that span fields, and that every rule's country exists, as a 400 on the first field
 * that fails (the editor shows them all at once, with the same rules).
 */
function checkDefinition(body: Parameters<typeof toRiskDefinition>[0]): RiskEngineDefinition {
  const [problem] = riskEngineProblems(body);
  if (problem) throw new ApiError(400, problem.rule, {}, problem.field);
  const definition = toRiskDefinition(body);
  definition.rules.forEach((rule, i) => {
    if (rule.country !== 'any' && !isKnownCountry(rule.country)) throw new ApiError(400, 'risk_rule_country', {}, `rules.${i}.country`);
  });
  return definition;
}

/** A definition's field in one spelling whatever the order its keys were stored in (jsonb keeps its own). */
function canonical(d: RiskEngineDefinition, key: keyof RiskEngineDefinition): string {
  if (key === 'rules') return JSON.stringify(d.rules.map((r) => [r.country, r.category, r.record, Number(r.weightage)]));
  if (key === 'decisions') return JSON.stringify(RISK_OUTCOMES.map((o) => d.decisions[o]));
  return JSON.stringify(d[key]);
}

/** What changed between two definitions, by field: whether a save makes a version, and what the audit history says. */
function changedFields(before: RiskEngineDefinition, after: RiskEngineDefinition): string[] {
  const keys = ['title', 'model_name', 'low_threshold', 'medium_threshold', 'high_threshold', 'rules', 'decisions'] as const;
  return keys.filter((k) => canonical(before, k) !== canonical(after, k));
}

/** A title the organisation does not use yet: "<title> (copy)", then "(copy 2)", "(copy 3)"..., cut to the title's limit. */
function copyTitle(title: string, taken: readonly string[]): string {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${title.slice(0, LIMITS.riskEngineTitle.max - suffix.length).trimEnd()}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** A taken title raced past titleTaken(): the unique index settles it with the same answer. */
async function withUniqueTitle<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'risk_title_exists', {}, 'title');
    throw error;
  }
}

const summary = (engine: RiskEngineView) => ({ title: engine.title, version: engine.version });

export function riskScoringRoutes() {
  return [
    route({
      method: 'GET',
      path: '/view-risk-score-engine',
      operationId: 'listRiskEngines',
      tag: TAG,
      summary: "A page of the organisation's risk-scoring engines (the active one first, then by title), each with its rules, thresholds, decisions, version and who made and changed it; optional search by title.",
      access: VIEW,
      query: RiskEngineListQuery,
      async handler({ org, query }) {
        const { rows, total } = await listEngines(org, { search: query.search, page: query.page, pageSize: query.page_size });
        return pageOf(query, total, rows);
      },
    }),

    route({
      method: 'GET',
      path: '/risk-score-engine',
      operationId: 'getRiskEngine',
      ids: { 'query.id': 'risk_engine' },
      examples: [{ query: { id: '<risk engine id>' } }],
      tag: TAG,
      summary: 'One risk-scoring engine with its whole definition.',
      access: VIEW,
      query: RiskEngineQuery,
      async handler({ org, query }) {
        const engine = await findEngine(org, query.id.trim());
        if (!engine) throw notFound();
        return { engine };
      },
    }),

    route({
      method: 'POST',
      path: '/create-risk-score-engine',
      operationId: 'createRiskEngine',
      examples: [{ body: { title: 'Example engine', ...EXAMPLE_DEFINITION } }],
      tag: TAG,
      summary: "Creates a risk-scoring engine (version 1, not active); 'An engine with this title already exists.' when the title is taken.",
      access: withPermission(VIEW, 'create_risk_score_engine'),
      body: CreateRiskEngineBody,
      async handler(ctx) {
        const { org, body, auth } = ctx;
        const definition = checkDefinition(body);
        const engine = await withUniqueTitle(() =>
          org.transaction(async (tx) => {
            if (await titleTaken(tx, definition.title)) throw new ApiError(409, 'risk_title_exists', {}, 'title');
            const id = await insertEngine(tx, definition, auth.user.id);
            await auditAction(tx, ctx, 'risk_engine.created', { type: 'risk_engine', id }, { title: definition.title, rules: definition.rules.length });
            return (await findEngine(tx, id))!;
          }),
        );
        return done('risk_engine_created', { engine }, { title: engine.title });
      },
    }),

    route({
      method: 'POST',
      path: '/update-risk-score-engine',
      operationId: 'updateRiskEngine',
      ids: { 'body.id': 'risk_engine' },
      examples: [{ body: { id: '<risk engine id>', title: 'Renamed engine', ...EXAMPLE_DEFINITION } }],
      tag: TAG,
      summary:
        'Saves a new definition of an engine as its next version. Cases already decided keep the version they were decided with; searches from now on use the new one.',
      access: withPermission(VIEW, 'update_risk_score_engine'),
      body: UpdateRiskEngineBody,
      async handler(ctx) {
        const { org, body, auth } = ctx;
        const definition = checkDefinition(body);
        const outcome = await withUniqueTitle(() =>
          org.transaction(async (tx) => {
            const before = await lockEngine(tx, body.id.trim());
            const changed = changedFields(before, definition);
            if (!changed.length) return { engine: (await findEngine(tx, before._id))!, changed };
            if (changed.includes('title') && (await titleTaken(tx, definition.title, before._id))) throw new ApiError(409, 'risk_title_exists', {}, 'title');
            await updateEngine(tx, before._id, definition, auth.user.id);
            const engine = (await findEngine(tx, before._id))!;
            await auditAction(tx, ctx, 'risk_engine.updated', { type: 'risk_engine', id: engine._id }, {
              title: engine.title,
              version: engine.version,
              changed,
              ...(changed.includes('title') ? { previous_title: before.title } : {}),
            });
            return { engine, changed };
          }),
        );
        if (!outcome.changed.length) return done('risk_engine_unchanged', { engine: outcome.engine }, summary(outcome.engine));
        return done('risk_engine_updated', { engine: outcome.engine }, summary(outcome.engine));
      },
    }),

    route({
      method: 'POST',
      path: '/duplicate-risk-score-engine',
      operationId: 'duplicateRiskEngine',
      ids: { 'body.id': 'risk_engine' },
      examples: [{ body: { id: '<risk engine id>' } }],
      tag: TAG,
      summary: 'Copies an engine as "<title> (copy)" (then "(copy 2)", ...): version 1, not active.',
      access: withPermission(VIEW, 'create_risk_score_engine'),
      body: RiskEngineIdBody,
      async handler(ctx) {
        const { org, body, auth } = ctx;
        const engine = await withUniqueTitle(() =>
          org.transaction(async (tx) => {
            const source = await lockEngine(tx, body.id.trim());
            // Every candidate title begins with the title's first 39 characters (50 less the longest suffix, " (copy 999)").
            const title = copyTitle(source.title, await titlesStartingWith(tx, source.title.slice(0, LIMITS.riskEngineTitle.max - ' (copy 999)'.length).trimEnd()));
            const id = await insertEngine(tx, { ...source, title }, auth.user.id);
            await auditAction(tx, ctx, 'risk_engine.duplicated', { type: 'risk_engine', id }, { title, from: source.title, from_version: source.version });
            return (await findEngine(tx, id))!;
          }),
        );
        return done('risk_engine_duplicated', { engine }, { title: engine.title });
      },
    }),

    route({
      method: 'POST',
      path: '/active-risk-score-engine',
      operationId: 'activateRiskEngine',
      ids: { 'body.id': 'risk_engine' },
      examples: [{ body: { id: '<risk engine id>', active: true } }, { body: { id: '<risk engine id>', active: false } }],
      tag: TAG,
      summary:
        "Makes an engine the organisation's active one (searches without a chosen engine use it; the engine active before stops being so, in the same transaction), or, with active false, leaves the organisation with the default rules.",
      access: withPermission(VIEW, 'update_risk_score_engine'),
      body: ActiveRiskEngineBody,
      async handler(ctx) {
        const { org, body } = ctx;
        const active = toBoolean(body.active);
        const outcome = await org.transaction(async (tx) => {
          await lockAllEngines(tx);
          const engine = await lockEngine(tx, body.id.trim());
          if (engine.is_active === active) return { engine, replaced: [] as { id: string; title: string }[] };
          const replaced = active ? await deactivateEngines(tx, engine._id) : [];
          await setEngineActive(tx, engine._id, active);
          await auditAction(tx, ctx, active ? 'risk_engine.activated' : 'risk_engine.deactivated', { type: 'risk_engine', id: engine._id }, {
            title: engine.title,
            ...(replaced.length ? { replaced: replaced[0].title } : {}),
          });
          return { engine: (await findEngine(tx, engine._id))!, replaced };
        });
        const answer = { engine: outcome.engine, deactivated: outcome.replaced.map((r) => ({ _id: r.id, title: r.title })) };
        return active ? done('risk_engine_activated', answer, { title: outcome.engine.title }) : done('risk_engine_deactivated', answer, { title: outcome.engine.title });
      },
    }),

    route({
      method: 'POST',
      path: '/try-risk-score-engine',
      operationId: 'tryRiskEngine',
      ids: { 'body.reference': 'case' },
      examples: [
        { body: { ...EXAMPLE_DEFINITION, reference: '<case reference>' } },
        { body: { ...EXAMPLE_DEFINITION, sample: { database: 'sanctions', countries: ['EG'], records: ['terrorism'] } } },
      ],
      tag: TAG,
      summary:
        "Scores with a definition not saved yet (the editor's values, checked with the same rules): every hit of a case by its reference (how the case would be decided), or a sample record described by its database, countries and record conditions. Stores and spends nothing.",
      access: VIEW,
      body: TryRiskEngineBody,
      async handler({ org, body, auth }) {
        const definition = checkDefinition(body);
        const engine = { ...definition, title: definition.title || '—', model_name: definition.model_name || '—' };
        const reference = body.reference?.trim();
        if (reference) {
          // The hits of a case name listed people: only someone who may read cases tries an engine on one.
          if (!auth.permissions.includes('view_case')) throw new ApiError(403, 'permission_denied', {}, 'reference');
          const found = await caseToTry(org, reference);
          if (!found) throw new ApiError(404, 'risk_try_case_unknown', {}, 'reference');
          const hits: TriedHit[] = found.hits.map((h) => {
            const facts = { database: String(h.database), countries: (h.countries as string[]) ?? [], records: recordConditions(h.entity ?? {}, String(h.database)) };
            return { _id: String(h.id), name: String(h.name), ...facts, breakdown: scoreHit(engine, facts) };
          });
          const decided = caseDecision(hits, hits.map((h) => h.breakdown));
          const stored = found.kase.risk_engine as { title?: string; version?: number } | null;
          const answer: RiskTryAnswer = {
            source: 'case',
            case: {
              reference: String(found.kase.reference),
              search_term: String(found.kase.search_term),
              case_status: found.kase.case_status,
              risk_level: found.kase.risk_level,
              risk_engine: stored?.title ? { title: stored.title, version: Number(stored.version ?? 0) } : null,
            },
            hits,
            case_status: decided.case_status,
            risk_level: decided.risk_level,
          };
          return answer;
        }
        if (!body.sample) throw new ApiError(400, 'risk_sample_required', {}, 'reference');
        const sample = toRiskSample(body.sample);
        if (!sample.database) throw new ApiError(400, 'risk_sample_database', {}, 'sample.database');
        const unknownCountry = sample.countries.findIndex((c) => !isKnownCountry(c));
        if (unknownCountry >= 0) throw new ApiError(400, 'invalid_country', {}, `sample.countries.${unknownCountry}`);
        const breakdown = scoreHit(engine, sample);
        const decided = caseDecision([sample], [breakdown]);
        const answer: RiskTryAnswer = {
          source: 'sample',
          case: null,
          hits: [{ _id: null, name: null, ...sample, breakdown }],
          case_status: decided.case_status,
          risk_level: decided.risk_level,
        };
        return answer;
      },
    }),

    route({
      method: 'POST',
      path: '/delete-risk-score-engine',
      operationId: 'deleteRiskEngine',
      ids: { 'body.id': 'risk_engine' },
      examples: [{ body: { id: '<risk engine id>' } }],
      tag: TAG,
      summary: 'Deletes an engine. Cases it decided keep their copy of it and their scores; when it was the active one, searches without a chosen engine use the default rules.',
      access: withPermission(VIEW, 'delete_risk_score_engine'),
      body: RiskEngineIdBody,
      async handler(ctx) {
        const { org, body } = ctx;
        await org.transaction(async (tx) => {
          const engine = await lockEngine(tx, body.id.trim());
          await deleteEngine(tx, engine._id);
          await auditAction(tx, ctx, 'risk_engine.deleted', { type: 'risk_engine', id: engine._id }, { title: engine.title, version: engine.version, was_active: engine.is_active });
        });
        return done('risk_engine_deleted', { id: body.id.trim() });
      },
    }),
  ];
}
