/**
 * The custom list template (GET /api/custom-listing-template): the columns of CUSTOM_LIST_COLUMNS and
 * three example records, a person, a company and a place. The names are made up for this file and
 * belong to no public list entry. readListFile reads both formats back as clean records
 * (tests/custom-lists/api.test.ts).
 */
import { CUSTOM_LIST_COLUMNS, type CustomListColumn } from '../../common/custom-lists';
import type { SpreadsheetTemplate } from '../uploads/template';

export const LIST_TEMPLATE_ROWS: ReadonlyArray<Record<CustomListColumn, string>> = [
  { full_name: 'Orsolya Brandtveit Quiroga', entity_type: 'person', date_of_birth: '1979-06-14', country: 'NO', category: 'Former client', aliases: 'Orsi Brandtveit; O. B. Quiroga' },
  { full_name: 'Pellucid Harbour Freight Ltd', entity_type: 'company', date_of_birth: '2012', country: 'GB', category: 'Chargeback fraud', aliases: 'Pellucid Freight' },
  { full_name: 'Quay 7 Bonded Warehouse', entity_type: 'location', date_of_birth: '', country: 'NL', category: 'Watch', aliases: '' },
];

export const LIST_TEMPLATE: SpreadsheetTemplate<CustomListColumn> = {
  columns: CUSTOM_LIST_COLUMNS,
  rows: LIST_TEMPLATE_ROWS,
  sheetName: 'Custom list',
  fileName: 'custom-list-template',
};
