/**
 * Rows of a stored case to the shapes of common/cases.ts, shared by every area
 * that shows a case (Create New Case's results, Manage Case, the demo). The
 * SELECT fragments here fetch the user names a view shows (creator, assignees,
 * decider) in the same query, so a page of cases is one round trip.
 */
import type { CaseDetailView, CaseEventView, CaseView, CommentView, HitListingView, HitView, UserRef } from '../../common/cases';
import type { Row } from '../db/client';

const userRef = (alias: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('_id', ${alias}.id, 'name', ${alias}.name) END`;
const usersOf = (column: string) =>
  `COALESCE((SELECT json_agg(json_build_object('_id', u.id, 'name', u.name) ORDER BY u.name) FROM users u WHERE u.id = ANY(${column})), '[]'::json)`;

/**
 * Whether monitoring of one kind is on for a case: switched on for the case
 * itself or for any of its entities. Ongoing monitoring checks such a case
 * (server/cases/monitoring.ts picks it by the same rule), so the case
 * panel, Manage Case, the exports and the report all say "on" for it. Every
 * view of a case reads its monitoring through this one expression.
 */
export const monitoringOn = (column: 'aml_monitoring' | 'adverse_media_monitoring') =>
  `(c.${column} OR EXISTS (SELECT 1 FROM case_hits mh WHERE mh.case_id = c.id AND mh.${column}))`;

const MONITORING_COLUMNS = `${monitoringOn('aml_monitoring')} AS aml_monitoring, ${monitoringOn('adverse_media_monitoring')} AS adverse_media_monitoring`;

/** Columns of a case for the list and the detail; expects "cases c". */
export const CASE_COLUMNS = `c.id, c.reference, c.search_term, c.entity_type, c.hit_count, c.match_status, c.case_status, c.risk_level,
  c.created_at, c.updated_at, c.databases, c.hit_databases, c.relevance, c.match_score, ${MONITORING_COLUMNS},
  c.media_category, c.client_reference, c.national_id, c.batch_name, c.is_deleted, c.deleted_at, c.delete_reason,
  (SELECT ${userRef('cu')} FROM users cu WHERE cu.id = c.created_by) AS created_by_ref,
  (SELECT ${userRef('du')} FROM users du WHERE du.id = c.deleted_by) AS deleted_by_ref,
  ${usersOf('c.assignee_ids')} AS assignees_ref,
  (SELECT count(*)::int FROM case_comments cc WHERE cc.case_id = c.id AND NOT cc.is_deleted) AS comment_count`;

/** The columns an export writes, without per-row look-ups (user names are mapped in memory). */
export const EXPORT_COLUMNS = `c.id, c.reference, c.search_term, c.entity_type, c.hit_count, c.match_status, c.case_status, c.risk_level,
  c.created_at, c.updated_at, c.databases, c.hit_databases, c.relevance, c.match_score, ${MONITORING_COLUMNS},
  c.media_category, c.client_reference, c.national_id, c.batch_name, c.is_deleted, c.deleted_at, c.delete_reason,
  c.created_by, c.deleted_by, c.assignee_ids`;

export const HIT_COLUMNS = `h.*, ${usersOf('h.assignee_ids')} AS assignees_ref,
  (SELECT ${userRef('hu')} FROM users hu WHERE hu.id = h.decided_by) AS decided_by_ref`;

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const json = <T>(v: unknown, fallback: T): T => (v === null || v === undefined ? fallback : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export function toCaseView(r: Row): CaseView {
  return {
    _id: r.id,
    reference: r.reference,
    search_term: r.search_term,
    entity_type: r.entity_type,
    hit_count: r.hit_count,
    match_status: r.match_status,
    case_status: r.case_status,
    risk_level: r.risk_level,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    created_by: json<UserRef | null>(r.created_by_ref, null),
    assignees: json<UserRef[]>(r.assignees_ref, []),
    aml_services: r.hit_databases ?? [],
    aml_monitoring: r.aml_monitoring,
    adverse_media_monitoring: r.adverse_media_monitoring,
    media_category: r.media_category ?? null,
    client_reference: r.client_reference ?? null,
    national_id: r.national_id ?? null,
    batch_name: r.batch_name ?? null,
    databases: r.databases ?? [],
    relevance: r.relevance ?? [],
    match_score: r.match_score,
    comments: r.comment_count ?? 0,
    is_deleted: r.is_deleted,
    deleted_by: json<UserRef | null>(r.deleted_by_ref, null),
    deleted_at: iso(r.deleted_at),
    delete_reason: r.delete_reason ?? null,
  };
}

/** How far monitoring reaches in one case: the case's own switch and how many of its entities are monitored. */
export interface MonitoringCounts {
  aml_case: boolean;
  aml_entities: number;
  adverse_media_case: boolean;
  adverse_media_entities: number;
  entities: number;
}

export function toCaseDetailView(r: Row, categories: { database: string; count: number }[], monitoring?: MonitoringCounts): CaseDetailView {
  const view = toCaseView(r);
  return {
    ...view,
    monitoring: {
      aml: { case: monitoring?.aml_case ?? view.aml_monitoring, entities: monitoring?.aml_entities ?? 0 },
      adverse_media: { case: monitoring?.adverse_media_case ?? view.adverse_media_monitoring, entities: monitoring?.adverse_media_entities ?? 0 },
      of_entities: monitoring?.entities ?? view.hit_count,
    },
    search_input: json(r.search_input, {} as CaseDetailView['search_input']),
    search_profile: json(r.search_profile, null),
    risk_engine: json(r.risk_engine, null),
    has_face_image: Boolean(r.has_face_image),
    lists_version: json(r.lists_version, {}),
    categories: categories as CaseDetailView['categories'],
  };
}

function yearOfBirth(dates: HitView['birth_dates']): string | null {
  const d = dates[0];
  if (!d) return null;
  if (d.year) {
    if (d.day && d.month) return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
    return String(d.year);
  }
  if (d.from_year && d.to_year) return `${d.from_year}-${d.to_year}`;
  return null;
}

/** The listings of a merged entity as stored with the hit (screening engine's ListedEntity.listings). */
function hitListings(entity: Record<string, any>): HitListingView[] {
  const listings = Array.isArray(entity.listings) ? entity.listings : [];
  if (listings.length < 2) return [];
  return listings.map((l: any) => ({
    id: String(l.id),
    source: String(l.source ?? ''),
    database: l.database,
    programs: Array.isArray(l.programs) ? l.programs : [],
    name: Array.isArray(l.names) ? String(l.names[0] ?? '') : String(l.name ?? ''),
    ...(l.source_url ? { source_url: String(l.source_url) } : {}),
    ...(l.listed_on ? { listed_on: String(l.listed_on) } : {}),
  }));
}

export function toHitView(r: Row): HitView {
  const birthDates = json<HitView['birth_dates']>(r.birth_dates, []);
  const entity = json<Record<string, any>>(r.entity, {});
  return {
    _id: r.id,
    position: r.position,
    entity_id: r.entity_id,
    profile: r.name,
    matched_name: r.matched_name,
    entity_kind: r.kind,
    countries: r.countries ?? [],
    match_score: r.score,
    relevance: r.relevance ?? [],
    appears_on: { database: r.database, source: r.source, programs: r.programs ?? [] },
    listings: hitListings(entity),
    match_status: r.match_status,
    risk_level: r.risk_level,
    risk_breakdown: json(r.risk_breakdown, null),
    risk_decision: r.risk_decision ?? null,
    birth_dates: birthDates,
    year_of_birth: yearOfBirth(birthDates),
    occupation: entity.positions?.[0]?.title ?? null,
    aml_monitoring: r.aml_monitoring,
    adverse_media_monitoring: r.adverse_media_monitoring,
    is_updated: r.is_updated,
    assignees: json<UserRef[]>(r.assignees_ref, []),
    decided_by: json<UserRef | null>(r.decided_by_ref, null),
    decided_at: iso(r.decided_at),
    explanation: json(r.explanation, []),
  };
}

export function toEventView(r: Row): CaseEventView {
  return {
    _id: String(r.id),
    action: r.action,
    actor: r.actor_user_id ? { _id: r.actor_user_id, name: r.actor_name ?? '' } : r.actor_name ? { _id: '', name: r.actor_name } : null,
    entity_id: r.hit_id ?? null,
    entity_name: r.hit_name ?? null,
    details: json(r.details, {}),
    created_at: iso(r.created_at)!,
  };
}

export function toCommentView(r: Row): CommentView {
  return {
    _id: r.id,
    text: r.is_deleted ? '' : r.text,
    edited: r.edited,
    last_edited: iso(r.last_edited_at),
    author: r.user_id ? { _id: r.user_id, name: r.author_name ?? '' } : null,
    case_id: r.case_id,
    entity_id: r.hit_id ?? null,
    entity_name: r.hit_name ?? null,
    created_at: iso(r.created_at)!,
    is_deleted: r.is_deleted,
    deleted_by: r.deleted_by ? { _id: r.deleted_by, name: r.deleted_by_name ?? '' } : null,
    deleted_at: iso(r.deleted_at),
  };
}
