/**
 * The custom list template (GET /api/custom-listing-template): the columns of CUSTOM_LIST_COLUMNS and
 * three example records, a person, a company and a place. The names are made up for this file and
 * belong to no public list entry. readListFile reads both formats back as clean records
 * (tests/custom-lists/api.test.ts).
 */
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { CUSTOM_LIST_COLUMNS, type CustomListColumn } from '../../common/custom-lists';

export const LIST_TEMPLATE_ROWS: ReadonlyArray<Record<CustomListColumn, string>> = [
  { full_name: 'Orsolya Brandtveit Quiroga', entity_type: 'person', date_of_birth: '1979-06-14', country: 'NO', category: 'Former client', aliases: 'Orsi Brandtveit; O. B. Quiroga' },
  { full_name: 'Pellucid Harbour Freight Ltd', entity_type: 'company', date_of_birth: '2012', country: 'GB', category: 'Chargeback fraud', aliases: 'Pellucid Freight' },
  { full_name: 'Quay 7 Bonded Warehouse', entity_type: 'location', date_of_birth: '', country: 'NL', category: 'Watch', aliases: '' },
];

export const LIST_TEMPLATE_FILE_NAME = 'custom-list-template';

/** The template as a file: CSV (UTF-8 with BOM, so spreadsheet programs keep every script) or Excel .xlsx. */
export function listTemplate(format: 'csv' | 'xlsx'): Buffer {
  const rows = LIST_TEMPLATE_ROWS.map((row) => CUSTOM_LIST_COLUMNS.map((column) => row[column]));
  if (format === 'csv') {
    return Buffer.from(`\uFEFF${Papa.unparse({ fields: [...CUSTOM_LIST_COLUMNS], data: rows }, { newline: '\r\n' })}\r\n`, 'utf8');
  }
  const sheet = XLSX.utils.aoa_to_sheet([[...CUSTOM_LIST_COLUMNS], ...rows]);
  // Text cells throughout, so dates stay as typed (1979-06-14, not a serial number) and codes keep their zeros.
  for (const address of Object.keys(sheet)) {
    if (!address.startsWith('!')) sheet[address].z = '@';
  }
  sheet['!cols'] = CUSTOM_LIST_COLUMNS.map((column) => ({ wch: Math.max(14, column.length + 4) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Custom list');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export const listTemplateContentType = (format: 'csv' | 'xlsx') =>
  format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
