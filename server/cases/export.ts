/**
 * Manage Case exports, streamed: rows come from the database a batch at a time
 * and leave as CSV text or as an Excel workbook whose sheet is deflated on the
 * fly (fflate's streaming zip), so memory does not grow with the number of
 * cases. Text cells that a spreadsheet would run as a formula (= + - @, and tab
 * or carriage return) are neutralised with a leading apostrophe in both formats.
 */
import { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import { CASE_EXPORT_KEYS, type CaseExportKey, type CaseView } from '../../common/cases';
import { neutralise } from '../../common/spreadsheet';

export type ExportValue = string | number | boolean | null;


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

// ---------------------------------------------------------------------------
// CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheet programs read it as UTF-8)

function csvCell(value: ExportValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = neutralise(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvStream(header: string[], batches: AsyncIterable<Record<CaseExportKey, ExportValue>[]>): Readable {
  async function* generate() {
    yield '\uFEFF' + header.map((h) => csvCell(h)).join(',') + '\r\n';
    for await (const rows of batches) {
      let chunk = '';
      for (const row of rows) chunk += CASE_EXPORT_KEYS.map((k) => csvCell(row[k])).join(',') + '\r\n';
      yield chunk;
    }
  }
  return Readable.from(generate(), { objectMode: false });
}

// ---------------------------------------------------------------------------
// XLSX: the five fixed parts of a one-sheet workbook, and the sheet streamed with inline strings
// (no shared-strings table, which would have to be held whole until the end).

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const STATIC_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    XML_HEAD +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    XML_HEAD +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
  ],
  [
    'xl/workbook.xml',
    XML_HEAD +
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<sheets><sheet name="Cases" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    XML_HEAD +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '</Relationships>',
  ],
  [
    'xl/styles.xml',
    XML_HEAD +
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
      '</styleSheet>',
  ],
];

// XML 1.0 forbids most control characters even when escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (text: string) => text.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function xlsxCell(value: ExportValue, ref: string, style = ''): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${style}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(neutralise(String(value)))}</t></is></c>`;
}

const encoder = new TextEncoder();

export function xlsxStream(header: string[], batches: AsyncIterable<Record<CaseExportKey, ExportValue>[]>): Readable {
  const out = new Readable({ read() {} });
  const zip = new Zip((error, data, final) => {
    if (error) return out.destroy(error);
    out.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    if (final) out.push(null);
  });
  // Every part deflated: some readers (SheetJS among them) misread stored parts written with data descriptors.
  for (const [name, text] of STATIC_PARTS) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(encoder.encode(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);

  (async () => {
    const widths = header.map((h, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.max(12, Math.min(40, h.length + 4))}" customWidth="1"/>`).join('');
    sheet.push(
      encoder.encode(
        XML_HEAD +
          '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
          '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
          `<cols>${widths}</cols><sheetData>` +
          `<row r="1">${header.map((h, i) => xlsxCell(h, `${columnName(i)}1`, ' s="1"')).join('')}</row>`,
      ),
    );
    let r = 1;
    for await (const rows of batches) {
      let chunk = '';
      for (const row of rows) {
        r++;
        chunk += `<row r="${r}">${CASE_EXPORT_KEYS.map((k, i) => xlsxCell(row[k], `${columnName(i)}${r}`)).join('')}</row>`;
      }
      sheet.push(encoder.encode(chunk));
      // Let the consumer drain before producing more: the database waits, not memory.
      while (out.readableLength > 4 * 1024 * 1024) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    sheet.push(encoder.encode('</sheetData></worksheet>'), true);
    zip.end();
  })().catch((error) => out.destroy(error));
  return out;
}
