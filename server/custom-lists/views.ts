/**
 * The custom list rows as the API answers them (common/custom-lists.ts views), and the SELECT lists
 * that read what the views need (actors' names joined once per row).
 */
import type { ChangeStamps, DeletionStamps, UserRef } from '../../common/actors';
import type { CustomListView, ListCommentView, ListRecordView } from '../../common/custom-lists';
import type { Row } from '../db/client';

const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string).toISOString());
const user = (id: unknown, name: unknown): UserRef | null => (id ? { _id: String(id), name: String(name ?? '') } : null);

/** Lists and records share their stamps (the SELECT lists below name the actors alike). */
const stamps = (r: Row): ChangeStamps & DeletionStamps => ({
  created_at: iso(r.created_at)!,
  created_by: user(r.created_by, r.created_by_name),
  updated_at: iso(r.updated_at)!,
  updated_by: user(r.updated_by, r.updated_by_name),
  is_deleted: r.is_deleted,
  deleted_at: iso(r.deleted_at),
  deleted_by: user(r.deleted_by, r.deleted_by_name),
  delete_reason: r.delete_reason ?? null,
});

/** A list with its actors' names (alias l; users cu, uu, du). */
export const LIST_SELECT = `l.id, l.name, l.description, l.list_type, l.total_records, l.created_at, l.created_by, cu.name AS created_by_name,
  l.updated_at, l.updated_by, uu.name AS updated_by_name, l.is_deleted, l.deleted_at, l.deleted_by, du.name AS deleted_by_name, l.delete_reason`;
export const LIST_JOINS = `LEFT JOIN users cu ON cu.id = l.created_by LEFT JOIN users uu ON uu.id = l.updated_by LEFT JOIN users du ON du.id = l.deleted_by`;

export function toListView(r: Row): CustomListView {
  return {
    _id: r.id,
    name: r.name,
    description: r.description,
    type: r.list_type,
    total_records: Number(r.total_records),
    ...stamps(r),
  };
}

/** A record with its list and actors' names (alias r, list l; users cu, uu, du) and its live comments. */
export const RECORD_SELECT = `r.id, r.list_id, l.name AS list_name, l.list_type, l.is_deleted AS list_deleted, r.full_name, r.aliases, r.entity_type,
  r.birth_year, r.birth_month, r.birth_day, r.country, r.category, r.source_row,
  (SELECT count(*)::int FROM custom_list_comments c WHERE c.record_id = r.id AND c.organisation_id = $org AND NOT c.is_deleted) AS comment_count,
  r.created_at, r.created_by, cu.name AS created_by_name, r.updated_at, r.updated_by, uu.name AS updated_by_name,
  r.is_deleted, r.deleted_at, r.deleted_by, du.name AS deleted_by_name, r.delete_reason`;
export const RECORD_JOINS = `JOIN custom_lists l ON l.id = r.list_id AND l.organisation_id = $org
  LEFT JOIN users cu ON cu.id = r.created_by LEFT JOIN users uu ON uu.id = r.updated_by LEFT JOIN users du ON du.id = r.deleted_by`;

export function toRecordView(r: Row): ListRecordView {
  return {
    _id: r.id,
    list: { _id: r.list_id, name: r.list_name, type: r.list_type, is_deleted: r.list_deleted },
    full_name: r.full_name,
    aliases: r.aliases ?? [],
    entity_type: r.entity_type,
    birth_year: r.birth_year ?? null,
    birth_month: r.birth_month ?? null,
    birth_day: r.birth_day ?? null,
    country: r.country ?? null,
    category: r.category ?? null,
    comment_count: Number(r.comment_count ?? 0),
    ...stamps(r),
  };
}

/** A comment; a deleted one keeps its place without its text (as case comments do). */
export function toCommentView(r: Row): ListCommentView {
  return {
    _id: r.id,
    text: r.is_deleted ? '' : r.text,
    user: user(r.user_id, r.author_name),
    edited: r.edited,
    last_edited_at: iso(r.last_edited_at),
    created_at: iso(r.created_at)!,
    is_deleted: r.is_deleted,
    deleted_by: user(r.deleted_by, r.deleted_by_name),
    deleted_at: iso(r.deleted_at),
  };
}
