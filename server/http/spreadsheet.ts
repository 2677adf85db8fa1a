/**
 * Spreadsheet downloads, streamed: rows arrive a batch at a time (from the database) and leave as CSV
 * text or as an Excel workbook whose one sheet is deflated on the fly (fflate's streaming zip), so memory
 * does not grow with the number of rows. Shared by every download of the product (Manage Case's export,
 * a bulk search's results). Text cells that a spreadsheet would run as a formula (= + - @, and tab or
 * carriage return) are neutralised with a leading apostrophe in both formats (common/spreadsheet.ts).
 */
import { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import { neutralise } from '../../common/spreadsheet';

export type CellValue = string | number | boolean | null;

/** One column of a download: the row field it shows and its heading. */
export interface SheetColumn<K extends string = string> {
  key: K;
  header: string;
}

/** A worksheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
function sheetNameOf(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Sheet1';
}

// ---------------------------------------------------------------------------
// CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheet programs read it as UTF-8)

function csvCell(value: CellValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = neutralise(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvStream<K extends string>(columns: readonly SheetColumn<K>[], batches: AsyncIterable<Record<K, CellValue>[]>): Readable {
  async function* generate() {
    yield '\uFEFF' + columns.map((c) => csvCell(c.header)).join(',') + '\r\n';
    for await (const rows of batches) {
      let chunk = '';
      for (const row of rows) chunk += columns.map((c) => csvCell(row[c.key])).join(',') + '\r\n';
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
      '<sheets><sheet name="{sheet}" sheetId="1" r:id="rId1"/></sheets></workbook>',
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

function xlsxCell(value: CellValue, ref: string, style = ''): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${style}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(neutralise(String(value)))}</t></is></c>`;
}

const encoder = new TextEncoder();

export function xlsxStream<K extends string>(columns: readonly SheetColumn<K>[], batches: AsyncIterable<Record<K, CellValue>[]>, options: { sheetName?: string } = {}): Readable {
  const header = columns.map((c) => c.header);
  const sheetName = escapeXml(sheetNameOf(options.sheetName ?? 'Sheet1'));
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
    part.push(encoder.encode(text.replace('{sheet}', sheetName)), true);
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
        chunk += `<row r="${r}">${columns.map((c, i) => xlsxCell(row[c.key], `${columnName(i)}${r}`)).join('')}</row>`;
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
