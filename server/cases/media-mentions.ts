/**
 * A screening case's mentions in the news (the Adverse Media tab, GET /api/record-adverse-media;
 * docs/custom-sources.md, "Mentions"): the articles the organisation sees (the shared corpus and its custom
 * sources' articles) that mention the case's searched name (case_media_mentions.hit_id NULL) or one of an
 * entity's names: its listed name and aliases in every script the list gives (hit_id set).
 *
 * The first time an entity's tab is opened, the searched name's mentions (once per case) and the entity's are
 * looked for in every article and kept; later requests read what is kept, plus what adverse-media monitoring
 * (media-monitoring.ts) added since, which comes marked new until the tab shows it once.
 *
 * The mention matcher and the article views live in the media-corpus platform folder and take a plain
 * connection and the organisation's id (they read the shared corpus too); so this module runs in a
 * transaction of its own on the raw database, and its own statements go through the organisation's handle
 * bound to that transaction.
 */
import type { CaseMediaAnswer, CaseMediaMentionView } from '../../common/media-mentions';
import type { Queryable } from '../db/client';
import { inTransaction, type OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { findMentions, microsecondsTime, type Mention, type MentionKind, type MentionName } from '../media-corpus/mentions';
import { articleViews } from '../media-corpus/search';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Names of one entity looked for: its listed name and its better aliases. */
const ENTITY_NAMES = 20;

/** How a case's searched name reads: a person's, a company's, a place's. */
export const caseNameKind = (entityType: string): MentionKind => (entityType === 'person' ? 'person' : entityType === 'company' ? 'company' : entityType === 'location' ? 'location' : 'any');

/** How a listed entity's names read (the engine's kinds: vessels, aircraft and organisations are named like companies). */
export const entityNameKind = (kind: string): MentionKind => (kind === 'person' ? 'person' : kind === 'location' ? 'location' : 'company');

/** The names an entity is mentioned by: its listed name, and its aliases that are not the publisher's weak ones, in every script. */
export function entityNames(hit: { name: string; kind: string; entity: unknown }): MentionName[] {
  const kind = entityNameKind(hit.kind);
  const entity = (typeof hit.entity === 'string' ? JSON.parse(hit.entity) : hit.entity) as { names?: { full?: unknown; kind?: unknown }[] } | null;
  const names = [hit.name];
  for (const n of entity?.names ?? []) if (typeof n.full === 'string' && n.kind !== 'weak') names.push(n.full);
  const seen = new Set<string>();
  const out: MentionName[] = [];
  for (const name of names) {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push({ name: name.trim(), kind });
    if (out.length >= ENTITY_NAMES) break;
  }
  return out;
}

/**
 * Stores mentions of a case (hitId null: of its searched name) found now; answers how many were new to the
 * case. `isNew` marks what monitoring found, for the tab to show once.
 */
export async function storeMentions(own: OrgDb, input: { caseId: string; hitId: string | null; mentions: Mention[]; isNew: boolean }): Promise<number> {
  if (!input.mentions.length) return 0;
  const rows = await own.query<{ id: string }>(
    `INSERT INTO case_media_mentions (organisation_id, case_id, hit_id, article_id, matched_name, matched_text, score, is_new)
     SELECT $org, $1, $2, x.article_id, x.matched_name, x.matched_text, x.score, $3
       FROM unnest($4::uuid[], $5::text[], $6::text[], $7::real[]) AS x(article_id, matched_name, matched_text, score)
     ON CONFLICT (case_id, hit_id, article_id) DO NOTHING RETURNING id`,
    [
      input.caseId,
      input.hitId,
      input.isNew,
      input.mentions.map((m) => m.article_id),
      input.mentions.map((m) => m.matched_name),
      input.mentions.map((m) => m.matched_text),
      input.mentions.map((m) => m.score),
    ],
  );
  return rows.length;
}

/** The newest ingestion time among the articles the organisation sees: what a full look covers. */
export async function articlesWatermark(own: OrgDb): Promise<string | null> {
  const row = await own.one<{ at: string | null }>(`SELECT ${microsecondsTime('max(ingested_at)')} AS at FROM media_articles WHERE organisation_id IS NULL OR organisation_id = $org`);
  return row?.at ?? null;
}

interface CaseRow {
  id: string;
  search_term: string;
  entity_type: string;
  media_scanned_at: Date | null;
}

interface HitRow {
  id: string;
  name: string;
  kind: string;
  entity: unknown;
  media_scanned_at: Date | null;
}

/** Looks for the searched name's and the entity's mentions in every article, once each, and keeps them. */
async function scanOnce(raw: Queryable, own: OrgDb, c: CaseRow, hit: HitRow) {
  const until = await articlesWatermark(own);
  if (!c.media_scanned_at) {
    const mentions = await findMentions(raw, { organisationId: own.organisationId, names: [{ name: c.search_term, kind: caseNameKind(c.entity_type) }], until });
    await storeMentions(own, { caseId: c.id, hitId: null, mentions, isNew: false });
    await own.query('UPDATE cases SET media_scanned_at = now() WHERE id = $1 AND organisation_id = $org', [c.id]);
  }
  if (!hit.media_scanned_at) {
    const mentions = await findMentions(raw, { organisationId: own.organisationId, names: entityNames(hit), until });
    await storeMentions(own, { caseId: c.id, hitId: hit.id, mentions, isNew: false });
    await own.query('UPDATE case_hits SET media_scanned_at = now() WHERE id = $1 AND organisation_id = $org', [hit.id]);
  }
}

/**
 * The Adverse Media tab of one entity of a case: mentions of the searched name and of the entity's names,
 * newest articles first. Another organisation's case or entity, or an unknown one, answers 404. New marks
 * are cleared once answered.
 */
export async function caseEntityMentions(deps: Pick<Deps, 'db'>, org: OrgDb, reference: string, hitId: string): Promise<CaseMediaAnswer> {
  if (!UUID.test(hitId.trim())) throw new ApiError(404, 'not_found');
  return deps.db.transaction(async (raw) => {
    const own = inTransaction(raw, org.organisationId);
    // The case's row is held while its mentions are first looked for, so two first requests do the work once.
    const c = await own.one<CaseRow>('SELECT id, search_term, entity_type, media_scanned_at FROM cases WHERE reference = $1 AND organisation_id = $org FOR UPDATE', [reference.trim()]);
    if (!c) throw new ApiError(404, 'not_found');
    const hit = await own.one<HitRow>('SELECT id, name, kind, entity, media_scanned_at FROM case_hits WHERE id = $1 AND case_id = $2 AND organisation_id = $org', [hitId.trim(), c.id]);
    if (!hit) throw new ApiError(404, 'not_found');
    if (!c.media_scanned_at || !hit.media_scanned_at) await scanOnce(raw, own, c, hit);

    const rows = await own.query<{ article_id: string; matched_name: string; matched_text: string; score: number; is_new: boolean; found_at: Date }>(
      `SELECT article_id, matched_name, matched_text, score, is_new, found_at FROM case_media_mentions
        WHERE organisation_id = $org AND case_id = $1 AND (hit_id IS NULL OR hit_id = $2)`,
      [c.id, hit.id],
    );
    // An article mentioning both the searched name and the entity answers once: with its closer match, new if either is.
    const byArticle = new Map<string, (typeof rows)[number]>();
    for (const r of rows) {
      const known = byArticle.get(r.article_id);
      if (!known) byArticle.set(r.article_id, { ...r });
      else {
        const isNew = known.is_new || r.is_new;
        if (Number(r.score) > Number(known.score)) byArticle.set(r.article_id, { ...r, is_new: isNew });
        else known.is_new = isNew;
      }
    }
    const views = await articleViews(raw, org.organisationId, [...byArticle.keys()]);
    const items: CaseMediaMentionView[] = views.map((v) => {
      const m = byArticle.get(v.id)!;
      return { ...v, matched_name: m.matched_name, matched_text: m.matched_text, match_score: Math.round(Number(m.score) * 1000) / 1000, is_new: m.is_new };
    });
    const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);
    items.sort((a, b) => time(b.published_at) - time(a.published_at) || b.match_score - a.match_score || a.id.localeCompare(b.id));
    if (items.some((i) => i.is_new)) {
      await own.query('UPDATE case_media_mentions SET is_new = false WHERE organisation_id = $org AND case_id = $1 AND (hit_id IS NULL OR hit_id = $2) AND is_new', [c.id, hit.id]);
    }
    const scanned = await own.one<{ at: Date | null }>('SELECT media_scanned_at AS at FROM case_hits WHERE id = $1 AND organisation_id = $org', [hit.id]);
    return { items, scanned_at: scanned?.at ? new Date(scanned.at).toISOString() : null };
  });
}
