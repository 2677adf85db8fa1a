/**
 * Cells of every file the product writes for a spreadsheet (case and batch exports, the audit history,
 * a bulk file's error list): a value starting with = + - @ (or a tab or carriage return) would run as a
 * formula when opened, so it is prefixed with an apostrophe and stays plain text (OWASP "CSV injection").
 * Shared by the server's downloads and the files the browser builds itself.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
