/**
 * Media Manage Case's export: one media case as a row, in the columns below. The file itself is streamed by
 * server/http/spreadsheet.ts (CSV or xlsx, cells neutralised), which every download of the product shares.
 */
import type { MediaCaseView } from '../../common/media';
import type { CellValue, SheetColumn } from '../http/spreadsheet';

export const MEDIA_EXPORT_COLUMNS = [
  { key: 'reference', header: 'Reference' },
  { key: 'name', header: 'Name' },
  { key: 'keywords', header: 'Keywords' },
  { key: 'match', header: 'Match' },
  { key: 'filters', header: 'Filters' },
  { key: 'article_count', header: 'Articles' },
  { key: 'adverse_count', header: 'Adverse articles' },
  { key: 'categories', header: 'Categories' },
  { key: 'case_status', header: 'Case status' },
  { key: 'risk_level', header: 'Risk level' },
  { key: 'is_read', header: 'Read' },
  { key: 'created_by', header: 'Created by' },
  { key: 'created_at', header: 'Created at' },
  { key: 'updated_at', header: 'Updated at' },
  { key: 'is_deleted', header: 'Deleted' },
  { key: 'deleted_by', header: 'Deleted by' },
  { key: 'deleted_at', header: 'Deleted at' },
  { key: 'delete_reason', header: 'Deletion reason' },
] as const satisfies readonly SheetColumn[];

export type MediaExportKey = (typeof MEDIA_EXPORT_COLUMNS)[number]['key'];

const MODE_WORDS = { all: 'include', any: 'any', exclude: 'exclude' } as const;

export function mediaExportRow(c: MediaCaseView): Record<MediaExportKey, CellValue> {
  const q = c.query;
  return {
    reference: c.reference,
    name: c.name,
    keywords: q.keywords.map((k) => `${MODE_WORDS[k.mode] ?? k.mode}: ${k.term}`).join('; '),
    match: q.match,
    filters: [
      q.countries?.length ? `countries ${q.countries.join(', ')}` : '',
      q.languages?.length ? `languages ${q.languages.join(', ')}` : '',
      q.window ? `last ${q.window.amount} ${q.window.unit}` : '',
      q.adverse_only ? 'adverse only' : '',
    ]
      .filter(Boolean)
      .join('; '),
    article_count: c.article_count,
    adverse_count: c.adverse_count,
    categories: c.categories.join('; '),
    case_status: c.case_status,
    risk_level: c.risk_level,
    is_read: c.is_read,
    created_by: c.created_by?.name ?? '',
    created_at: c.created_at,
    updated_at: c.updated_at,
    is_deleted: c.is_deleted,
    deleted_by: c.deleted_by?.name ?? '',
    deleted_at: c.deleted_at ?? '',
    delete_reason: c.delete_reason ?? '',
  };
}
