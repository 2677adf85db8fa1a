/**
 * The bulk search template (GET /api/bulk-search-template): the columns of BULK_COLUMNS and two example
 * rows, a person and a company. The names are made up for this file and belong to no list entry, so a
 * template uploaded unchanged screens two clean cases. readBulkFile reads both formats back as clean rows
 * (tests/bulk/file.test.ts).
 */
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { BULK_COLUMNS, type BulkColumn } from '../../common/bulk';

export const BULK_TEMPLATE_ROWS: ReadonlyArray<Record<BulkColumn, string>> = [
  {
    name: 'Maribel Quintero Havlik',
    entity_type: 'person',
    birth_day: '14',
    birth_month: '3',
    birth_year: '1986',
    countries: 'ES;PT',
    residence_countries: 'ES',
    nationality: 'ES',
    gender: 'female',
    unique_identifier: 'PASSPORT X1234567',
    national_id: '',
    client_reference: 'CLIENT-0001',
    aml_monitoring: 'yes',
    adverse_media_monitoring: 'no',
  },
  {
    name: 'Brightwater Tiling Cooperative Ltd',
    entity_type: 'company',
    birth_day: '',
    birth_month: '',
    birth_year: '2011',
    countries: 'GB',
    residence_countries: '',
    nationality: '',
    gender: '',
    unique_identifier: '08123456',
    national_id: '',
    client_reference: 'CLIENT-0002',
    aml_monitoring: 'no',
    adverse_media_monitoring: 'yes',
  },
];

export const BULK_TEMPLATE_FILE_NAME = 'bulk-search-template';

/** The template as a file: CSV (UTF-8 with BOM, so spreadsheet programs keep every script) or Excel .xlsx. */
export function bulkTemplate(format: 'csv' | 'xlsx'): Buffer {
  const rows = BULK_TEMPLATE_ROWS.map((row) => BULK_COLUMNS.map((column) => row[column]));
  if (format === 'csv') {
    return Buffer.from(`\uFEFF${Papa.unparse({ fields: [...BULK_COLUMNS], data: rows }, { newline: '\r\n' })}\r\n`, 'utf8');
  }
  const sheet = XLSX.utils.aoa_to_sheet([[...BULK_COLUMNS], ...rows]);
  // Text cells throughout, so identifiers and references keep their leading zeros when edited.
  for (const address of Object.keys(sheet)) {
    if (!address.startsWith('!')) sheet[address].z = '@';
  }
  sheet['!cols'] = BULK_COLUMNS.map((column) => ({ wch: Math.max(12, column.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Bulk search');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export const bulkTemplateContentType = (format: 'csv' | 'xlsx') =>
  format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
