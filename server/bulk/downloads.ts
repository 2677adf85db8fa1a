/**
 * A batch's downloads, streamed (server/http/spreadsheet.ts: CSV or xlsx, cells neutralised):
 *
 * - the summary (download-bulk-search): one line per row of the file, in file order, whatever became
 *   of it: screened into a case, failed (with why), or still pending;
 * - the data (download-bulk-search-data): every case of the batch with each of its hits, one line per
 *   hit, a case without hits on one line of its own.
 *
 * Rows are read a page at a time by keyset (row number, hit position), so memory stays flat however
 * large the batch; the first page is read before the answer starts (firstPage), so a failing query is
 * an error answer, not a broken file.
 */
import type { Row } from '../db/client';
import type { OrgDb } from '../db/tenant';
import type { CellValue, SheetColumn } from '../http/spreadsheet';

const PAGE_ROWS = 1_000;

export const SUMMARY_COLUMNS = [
  { key: 'row', header: 'Row' },
  { key: 'name', header: 'Name' },
  { key: 'entity_type', header: 'Entity type' },
  { key: 'status', header: 'Status' },
  { key: 'reference', header: 'Case reference' },
  { key: 'hit_count', header: 'Hits' },
  { key: 'match_status', header: 'Match status' },
  { key: 'case_status', header: 'Case status' },
  { key: 'risk_level', header: 'Risk level' },
  { key: 'error', header: 'Error' },
] as const satisfies readonly SheetColumn[];
export type SummaryKey = (typeof SUMMARY_COLUMNS)[number]['key'];

export const DATA_COLUMNS = [
  { key: 'row', header: 'Row' },
  { key: 'reference', header: 'Case reference' },
  { key: 'search_term', header: 'Searched name' },
  { key: 'entity_type', header: 'Entity type' },
  { key: 'client_reference', header: 'Client reference' },
  { key: 'national_id', header: 'National ID' },
  { key: 'case_status', header: 'Case status' },
  { key: 'match_status', header: 'Match status' },
  { key: 'risk_level', header: 'Risk level' },
  { key: 'hit_count', header: 'Hits' },
  { key: 'deleted', header: 'Deleted' },
  { key: 'hit_position', header: 'Hit' },
  { key: 'entity_id', header: 'Entity id' },
  { key: 'hit_name', header: 'Listed name' },
  { key: 'matched_name', header: 'Matched name' },
  { key: 'score', header: 'Score' },
  { key: 'database', header: 'Database' },
  { key: 'source', header: 'Source' },
  { key: 'hit_match_status', header: 'Hit match status' },
  { key: 'hit_risk_level', header: 'Hit risk level' },
  { key: 'countries', header: 'Countries' },
] as const satisfies readonly SheetColumn[];
export type DataKey = (typeof DATA_COLUMNS)[number]['key'];

/** What a row of the file became, in the words of the download. */
const ROW_STATUS: Record<string, string> = { done: 'screened', failed: 'failed', pending: 'pending' };

/** Every row of a batch's file with what became of it, a page at a time. */
export async function* summaryPages(org: OrgDb, batchId: string): AsyncGenerator<Record<SummaryKey, CellValue>[]> {
  let after = 0;
  for (;;) {
    const rows = await org.query(
      `SELECT r.row_number, r.input->>'search_term' AS name, r.input->>'entity_type' AS entity_type, r.state, r.error,
              c.reference, c.hit_count, c.match_status, c.case_status, c.risk_level
         FROM bulk_rows r LEFT JOIN cases c ON c.id = r.case_id AND c.organisation_id = $org
        WHERE r.batch_id = $1 AND r.organisation_id = $org AND r.row_number > $2
        ORDER BY r.row_number LIMIT ${PAGE_ROWS}`,
      [batchId, after],
    );
    if (!rows.length) return;
    yield rows.map((r: Row) => ({
      row: r.row_number,
      name: r.name ?? '',
      entity_type: r.entity_type ?? '',
      status: ROW_STATUS[r.state] ?? r.state,
      reference: r.reference ?? '',
      hit_count: r.reference ? r.hit_count : null,
      match_status: r.match_status ?? '',
      case_status: r.case_status ?? '',
      risk_level: r.risk_level ?? '',
      error: r.error ?? '',
    }));
    if (rows.length < PAGE_ROWS) return;
    after = rows[rows.length - 1].row_number;
  }
}

/** Every case of a batch with each of its hits (a case without hits once), in file order, a page at a time. */
export async function* dataPages(org: OrgDb, batchId: string): AsyncGenerator<Record<DataKey, CellValue>[]> {
  let after = { row: 0, position: -1 };
  for (;;) {
    const rows = await org.query(
      `SELECT r.row_number, coalesce(h.position, 0) AS position, c.reference, c.search_term, c.entity_type, c.client_reference, c.national_id,
              c.case_status, c.match_status, c.risk_level, c.hit_count, c.is_deleted,
              h.entity_id, h.name AS hit_name, h.matched_name, h.score, h.database, h.source, h.match_status AS hit_match_status,
              h.risk_level AS hit_risk_level, h.countries
         FROM bulk_rows r
         JOIN cases c ON c.id = r.case_id AND c.organisation_id = $org
         LEFT JOIN case_hits h ON h.case_id = c.id AND h.organisation_id = $org
        WHERE r.batch_id = $1 AND r.organisation_id = $org AND (r.row_number, coalesce(h.position, 0)) > ($2::int, $3::int)
        ORDER BY r.row_number, coalesce(h.position, 0) LIMIT ${PAGE_ROWS}`,
      [batchId, after.row, after.position],
    );
    if (!rows.length) return;
    yield rows.map((r: Row) => ({
      row: r.row_number,
      reference: r.reference,
      search_term: r.search_term,
      entity_type: r.entity_type,
      client_reference: r.client_reference ?? '',
      national_id: r.national_id ?? '',
      case_status: r.case_status,
      match_status: r.match_status,
      risk_level: r.risk_level,
      hit_count: r.hit_count,
      deleted: r.is_deleted,
      hit_position: r.entity_id ? r.position : null,
      entity_id: r.entity_id ?? '',
      hit_name: r.hit_name ?? '',
      matched_name: r.matched_name ?? '',
      score: r.entity_id ? r.score : null,
      database: r.database ?? '',
      source: r.source ?? '',
      hit_match_status: r.hit_match_status ?? '',
      hit_risk_level: r.hit_risk_level ?? '',
      countries: (r.countries ?? []).join('; '),
    }));
    if (rows.length < PAGE_ROWS) return;
    const last = rows[rows.length - 1];
    after = { row: last.row_number, position: last.position };
  }
}

/**
 * Reads the first page before answering, so whatever the query cannot do is an ordinary error; the
 * returned stream yields that page, then the rest.
 */
export async function firstPage<T>(pages: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await pages.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* pages;
  })();
}

/** A download's file name: the batch name made safe for a header and a file system, with the kind and format. */
export function downloadFileName(batchName: string, kind: 'summary' | 'data', format: 'csv' | 'xlsx'): string {
  const safe = batchName.normalize('NFKD').replace(/[^A-Za-z0-9._ -]/g, '').trim().replace(/\s+/g, '-').slice(0, 80) || 'batch';
  return `${safe}-${kind}.${format}`;
}

/** Content-Disposition with the ASCII name and the batch's own name (RFC 6266 filename*), so Arabic or accented names survive. */
export function contentDisposition(batchName: string, kind: 'summary' | 'data', format: 'csv' | 'xlsx'): string {
  const ascii = downloadFileName(batchName, kind, format);
  const full = `${batchName.trim().replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').slice(0, 120)}-${kind}.${format}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}
