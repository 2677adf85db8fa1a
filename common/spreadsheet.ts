/**
 * Spreadsheets the product reads and writes. Reading: how the header of an uploaded file (a bulk
 * search file, a custom list) is matched to the template's columns, and the shape of a problem found in
 * a file. Writing: cells of every file the product writes for a spreadsheet (case and batch exports, the audit history,
 * a bulk file's error list): a value starting with = + - @ (or a tab or carriage return) would run as a
 * formula when opened, so it is prefixed with an apostrophe and stays plain text (OWASP "CSV injection").
 * Shared by the server's downloads and the files the browser builds itself.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

import { ownEntry } from './lookup';
import type { MessageId } from './messages';

/** How much of an offending value a problem repeats (enough to find it in the file). */
export const PROBLEM_VALUE_CHARS = 100;

export const cutValue = (value: string) => (value.length > PROBLEM_VALUE_CHARS ? value.slice(0, PROBLEM_VALUE_CHARS) : value);

/** A header reduced to letters and digits joined by single underscores: "Entity-Type " → "entity_type". */
export function normaliseHeader(header: string): string {
  return (header ?? '')
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * A problem in an uploaded file. row is the line in the file (the header is line 1); column the
 * template's name of the column, or '' for the file as a whole.
 */
export interface FileProblem<C extends string = string> {
  row: number;
  column: C | '';
  code: MessageId;
  /** The offending value, cut to 100 characters, so the error file shows what to fix. */
  value?: string;
  /** Values of the message's placeholders ({ max }), for formatMessage. */
  values?: Record<string, string | number>;
}

/**
 * The template column of each header, by position, given the template's columns, the other words
 * people use for them and the required ones. A column named twice is read from its first position only
 * (the second is reported); unknown columns are null and ignored. Problems are on row 1, the header line.
 */
export function matchColumns<C extends string>(
  headers: string[],
  template: { columns: readonly C[]; synonyms: Readonly<Record<string, C>>; required: readonly C[] },
): { columns: (C | null)[]; problems: FileProblem<C>[] } {
  const known: ReadonlySet<string> = new Set(template.columns);
  const columnOf = (header: string): C | null => {
    const key = normaliseHeader(header);
    if (known.has(key)) return key as C;
    return ownEntry(template.synonyms, key) ?? null;
  };
  const problems: FileProblem<C>[] = [];
  const seen = new Set<C>();
  const columns = headers.map((header) => {
    const column = columnOf(header ?? '');
    if (!column) return null;
    if (seen.has(column)) {
      problems.push({ row: 1, column, code: 'bulk_duplicate_column', value: cutValue(String(header ?? '').trim()) });
      return null;
    }
    seen.add(column);
    return column;
  });
  for (const column of template.required) {
    if (!seen.has(column)) problems.push({ row: 1, column, code: 'bulk_missing_column' });
  }
  return { columns, problems };
}
