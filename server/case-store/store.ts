/**
 * Storing screened cases many at a time (a chunk of a bulk search): the same
 * case as Create New Case stores for one search — the same columns, roll-ups,
 * hits with their listed records and first history event — in a handful of
 * statements for the whole chunk instead of several per case. References are
 * numbered with one counter update for the chunk. Create New Case stores its
 * one case through here too, so a case is stored one way. The caller holds the
 * transaction and has already spent the credits.
 */
import { caseReference, type SearchInputView } from '../../common/cases';
import type { Queryable } from '../db/client';
import { inTransaction } from '../db/tenant';
import type { ScreeningResult } from '../screening';
import { nextCaseNumbers } from './credits';
import type { Actor } from './events';
import type { CaseScreening } from './screen';

export interface ScreenedItem {
  /** The search input; its match_score is replaced by the one the engine applied. */
  input: SearchInputView;
  result: ScreeningResult;
  client_reference?: string | null;
  national_id?: string | null;
  /** The search profile the case was searched by. */
  search_profile?: { id: string; title: string } | null;
  risk_engine_id?: string | null;
  /** Create New Case's face image (JPEG or PNG, already checked). */
  face_image?: { data: Buffer; type: string } | null;
  aml_monitoring: boolean;
  adverse_media_monitoring: boolean;
  batch?: { id: string; name: string };
}

export interface StoredCase {
  id: string;
  reference: string;
  hit_count: number;
  case_status: string;
}

/** Hits per statement: one jsonb parameter each, kept to a few megabytes however large the listed records are. */
const HITS_PER_STATEMENT = 1_000;

/**
 * Stores one case per item, in item order, with their hits and 'created' events; answers them in item order.
 * Each case is decided as screening decides it (the risk engine, or the default rules) and records what
 * it was screened against. The organisation's counter row is locked by the numbering, so call this after
 * the credits are spent (the organisation row first, as every transaction that takes both does).
 */
export async function storeScreenedCases(tx: Queryable, screening: CaseScreening, items: readonly ScreenedItem[], actor: Actor | null): Promise<StoredCase[]> {
  if (!items.length) return [];
  const own = inTransaction(tx, screening.organisationId);
  const now = new Date();
  const year = now.getUTCFullYear();
  const first = await nextCaseNumbers(own, year, items.length);

  const decisions = items.map((item) => screening.decide(item.result.hits));
  const rows = items.map((item, i) => {
    const hits = item.result.hits;
    const input: SearchInputView = { ...item.input, match_score: item.result.match_score };
    const state = decisions[i];
    return {
      reference: caseReference(year, first + i),
      search_term: input.search_term,
      entity_type: input.entity_type,
      search_input: input,
      match_score: item.result.match_score,
      databases: input.databases,
      search_profile_id: item.search_profile?.id ?? null,
      search_profile: item.search_profile ? { _id: item.search_profile.id, title: item.search_profile.title } : null,
      risk_engine_id: item.risk_engine_id ?? null,
      face_image: item.face_image ? item.face_image.data.toString('base64') : null,
      face_image_type: item.face_image?.type ?? null,
      client_reference: item.client_reference?.trim() || null,
      national_id: item.national_id?.trim() || null,
      batch_name: item.batch?.name ?? null,
      batch_id: item.batch?.id ?? null,
      hit_count: hits.length,
      relevance: [...new Set(hits.flatMap((h) => h.relevance))],
      hit_databases: [...new Set(hits.map((h) => h.database))],
      match_status: state.match_status,
      case_status: state.case_status,
      risk_level: state.risk_level,
      aml_monitoring: item.aml_monitoring,
      adverse_media_monitoring: item.adverse_media_monitoring,
      monitoring_started: item.aml_monitoring || item.adverse_media_monitoring,
    };
  });

  const inserted = await own.query<{ id: string; reference: string }>(
    `INSERT INTO cases (organisation_id, reference, search_term, entity_type, search_input, match_score, databases, search_profile_id, search_profile, risk_engine_id,
       face_image, face_image_type, client_reference, national_id, batch_name, batch_id, hit_count, relevance, hit_databases, match_status, case_status, risk_level,
       aml_monitoring, adverse_media_monitoring, monitoring_started_at, lists_version, risk_engine, created_by)
     SELECT $org, r.reference, r.search_term, r.entity_type, r.search_input, r.match_score, r.databases, r.search_profile_id, r.search_profile, r.risk_engine_id,
            decode(r.face_image, 'base64'), r.face_image_type, r.client_reference, r.national_id, r.batch_name, r.batch_id, r.hit_count, r.relevance, r.hit_databases, r.match_status, r.case_status, r.risk_level,
            r.aml_monitoring, r.adverse_media_monitoring, CASE WHEN r.monitoring_started THEN now() END, $2::jsonb, $4::jsonb, $3::uuid
       FROM jsonb_to_recordset($1::jsonb) AS r(reference text, search_term text, entity_type text, search_input jsonb, match_score integer, databases text[],
            search_profile_id uuid, search_profile jsonb, risk_engine_id uuid, face_image text, face_image_type text, client_reference text, national_id text, batch_name text, batch_id uuid, hit_count integer, relevance text[],
            hit_databases text[], match_status text, case_status text, risk_level text, aml_monitoring boolean, adverse_media_monitoring boolean, monitoring_started boolean)
     RETURNING id, reference`,
    [JSON.stringify(rows), JSON.stringify(screening.listsVersion()), actor?.id ?? null, screening.riskEngine ? JSON.stringify(screening.riskEngine) : null],
  );
  // RETURNING promises no order: cases are matched back to their items by reference.
  const idOf = new Map(inserted.map((r) => [r.reference, r.id]));
  const stored = rows.map((r) => ({ id: idOf.get(r.reference)!, reference: r.reference, hit_count: r.hit_count, case_status: r.case_status }));

  // Hits with the listed record as the list holds it now, as insertHits writes them for one case.
  // Each listed record is sent once per statement however many of its cases hit it (a common name hits
  // the same records row after row), and the statement picks it up by entity id.
  let hitRows: unknown[] = [];
  let records: Record<string, unknown> = {};
  const flushHits = async () => {
    if (!hitRows.length) return;
    const batch = hitRows;
    const entities = records;
    hitRows = [];
    records = {};
    await own.query(
      `INSERT INTO case_hits (organisation_id, case_id, position, entity_id, name, matched_name, score, score_raw, relevance, database, source, list_id,
         programs, kind, countries, birth_dates, explanation, entity, risk_level, risk_decision, risk_breakdown, aml_monitoring, adverse_media_monitoring)
       SELECT $org, h.case_id, h.position, h.entity_id, h.name, h.matched_name, h.score, h.score_raw, h.relevance, h.database, h.source, h.list_id,
              h.programs, h.kind, h.countries, h.birth_dates, h.explanation, COALESCE($2::jsonb -> h.entity_id, '{}'::jsonb), h.risk_level, h.risk_decision,
              h.risk_breakdown, h.aml_monitoring, h.adverse_media_monitoring
         FROM jsonb_to_recordset($1::jsonb) AS h(case_id uuid, position integer, entity_id text, name text, matched_name text, score integer,
              score_raw double precision, relevance text[], database text, source text, list_id text, programs text[], kind text, countries text[],
              birth_dates jsonb, explanation jsonb, risk_level text, risk_decision text, risk_breakdown jsonb, aml_monitoring boolean, adverse_media_monitoring boolean)`,
      [JSON.stringify(batch), JSON.stringify(entities)],
    );
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const caseId = stored[i].id;
    const hits = item.result.hits;
    const decided = decisions[i].hits;
    for (let j = 0; j < hits.length; j++) {
      const h = hits[j];
      hitRows.push({
        case_id: caseId,
        position: j + 1,
        entity_id: h.entity_id,
        name: h.name,
        matched_name: h.matched_name,
        score: h.score,
        score_raw: h.score_raw,
        relevance: h.relevance,
        database: h.database,
        source: h.source,
        list_id: h.list_id,
        programs: h.programs,
        kind: h.kind,
        countries: h.countries,
        birth_dates: h.birth_dates ?? [],
        explanation: h.explanation ?? [],
        risk_level: decided[j].risk_level,
        risk_decision: decided[j].risk_decision,
        risk_breakdown: decided[j].risk_breakdown,
        aml_monitoring: item.aml_monitoring,
        adverse_media_monitoring: item.adverse_media_monitoring,
      });
      if (!(h.entity_id in records)) records[h.entity_id] = screening.getEntity(h.entity_id) ?? {};
      if (hitRows.length >= HITS_PER_STATEMENT) await flushHits();
    }
  }
  await flushHits();

  await own.query(
    `INSERT INTO case_events (organisation_id, case_id, actor_user_id, actor_name, action, details)
     SELECT $org, e.case_id, $2::uuid, $3::text, 'created', e.details FROM jsonb_to_recordset($1::jsonb) AS e(case_id uuid, details jsonb)`,
    [
      JSON.stringify(
        items.map((item, i) => ({
          case_id: stored[i].id,
          details: {
            hit_count: item.result.hits.length,
            case_status: stored[i].case_status,
            match_score: item.result.match_score,
            databases: item.input.databases,
            ...(screening.riskEngine ? { risk_engine: { _id: screening.riskEngine._id, title: screening.riskEngine.title, version: screening.riskEngine.version } } : {}),
          },
        })),
      ),
      actor?.id ?? null,
      actor?.name ?? null,
    ],
  );
  return stored;
}
