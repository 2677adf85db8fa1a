/**
 * The templates users download to fill in (a bulk search file, a custom list): the area's columns and a
 * few example rows, written as CSV (UTF-8 with BOM, so spreadsheet programs keep every script) or as an
 * Excel workbook whose cells are all text, so dates stay as typed (1979-06-14, not a serial number) and
 * identifiers keep their leading zeros when edited.
 */
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';

export type TemplateFormat = 'csv' | 'xlsx';

export interface SpreadsheetTemplate<C extends string> {
  columns: readonly C[];
  rows: ReadonlyArray<Record<C, string>>;
  /** The worksheet's name in the Excel file. */
  sheetName: string;
  /** The downloaded file's name, without its extension. */
  fileName: string;
}

export function templateFile<C extends string>(template: SpreadsheetTemplate<C>, format: TemplateFormat): Buffer {
  const header = [...template.columns];
  const rows = template.rows.map((row) => header.map((column) => row[column]));
  if (format === 'csv') {
    return Buffer.from(`\uFEFF${Papa.unparse({ fields: header, data: rows }, { newline: '\r\n' })}\r\n`, 'utf8');
  }
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
  for (const address of Object.keys(sheet)) {
    if (!address.startsWith('!')) sheet[address].z = '@';
  }
  sheet['!cols'] = header.map((column) => ({ wch: Math.max(14, column.length + 4) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, template.sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export const templateContentType = (format: TemplateFormat) =>
  format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template as a download. */
export function sendTemplate<C extends string>(reply: FastifyReply, template: SpreadsheetTemplate<C>, format: TemplateFormat) {
  return reply
    .header('content-type', templateContentType(format))
    .header('content-disposition', `attachment; filename="${template.fileName}.${format}"`)
    .send(templateFile(template, format));
}
