/**
 * Manage Case exports: one case as a row of the export. The file itself is
 * streamed by server/http/spreadsheet.ts (CSV or xlsx, cells neutralised), which
 * every download of the product shares.
 */
import type { CaseExportKey, CaseView } from '../../common/cases';
import type { CellValue } from '../http/spreadsheet';

export { columnName } from '../http/spreadsheet';

export type ExportValue = CellValue;

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join('; ');

export function exportRow(c: CaseView): Record<CaseExportKey, ExportValue> {
  return {
    reference: c.reference,
    search_term: c.search_term,
    entity_type: c.entity_type,
    hit_count: c.hit_count,
    match_status: c.match_status,
    case_status: c.case_status,
    risk_level: c.risk_level,
    created_at: c.created_at,
    updated_at: c.updated_at,
    created_by: c.created_by?.name ?? '',
    assignees: names(c.assignees),
    aml_monitoring: c.aml_monitoring,
    adverse_media_monitoring: c.adverse_media_monitoring,
    client_reference: c.client_reference ?? '',
    national_id: c.national_id ?? '',
    batch_name: c.batch_name ?? '',
    databases: c.databases.join('; '),
    relevance: c.relevance.join('; '),
    is_deleted: c.is_deleted,
    deleted_by: c.deleted_by?.name ?? '',
    deleted_at: c.deleted_at ?? '',
    delete_reason: c.delete_reason ?? '',
  };
}
