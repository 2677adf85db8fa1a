/**
 * The bulk search template (GET /api/bulk-search-template): the columns of BULK_COLUMNS and two example
 * rows, a person and a company. The names are made up for this file and belong to no list entry, so a
 * template uploaded unchanged screens two clean cases. readBulkFile reads both formats back as clean rows
 * (tests/bulk/file.test.ts).
 */
import { BULK_COLUMNS, type BulkColumn } from '../../common/bulk';
import { templateFile, type SpreadsheetTemplate, type TemplateFormat } from '../uploads/template';

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

export const BULK_TEMPLATE: SpreadsheetTemplate<BulkColumn> = {
  columns: BULK_COLUMNS,
  rows: BULK_TEMPLATE_ROWS,
  sheetName: 'Bulk search',
  fileName: 'bulk-search-template',
};

export const bulkTemplate = (format: TemplateFormat) => templateFile(BULK_TEMPLATE, format);
