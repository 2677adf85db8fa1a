/**
 * Uploading a spreadsheet (a bulk search file, a custom list) and what comes back when it has problems.
 * XMLHttpRequest rather than fetch, because fetch reports no upload progress; the failure is the same
 * ApiError the API client raises. The error file lists every problem (row, column, value, message) and is
 * safe to open in a spreadsheet.
 */
import Papa from 'papaparse';
import type { IntlShape } from 'react-intl';
import { MESSAGES, type MessageId } from '@common/messages';
import { neutralise, type FileProblem } from '@common/spreadsheet';
import { ApiError, currentToken, reportUnauthorized, saveBlob } from './api';
import { pickErrorText } from './errors';
import { messageText } from './i18n';

/** The answer of a failed XMLHttpRequest as the API client would raise it. */
function xhrFailure(xhr: XMLHttpRequest): ApiError {
  let data: Record<string, unknown> | undefined;
  try {
    data = JSON.parse(xhr.responseText);
  } catch {
    data = undefined;
  }
  const message = pickErrorText({ data, message: xhr.statusText });
  if (xhr.status === 401) reportUnauthorized(message);
  return new ApiError(xhr.status, message, typeof data?.code === 'string' ? data.code : undefined, data);
}

export interface FormUpload<T> {
  /** Below /api, e.g. "/custom-listing". */
  path: string;
  /** Sent before the file: the server reads the file as a stream after the other fields. */
  fields: Record<string, string | undefined>;
  file: File;
  onProgress(loaded: number, total: number): void;
  /** Every byte is sent; the server is now reading the file. */
  onUploaded(): void;
  onAnswer(answer: T): void;
  onFailure(error: ApiError): void;
}

/** Posts a multipart form with a file, reporting the bytes sent; answers the function that aborts it. */
export function uploadForm<T>(upload: FormUpload<T>): () => void {
  const xhr = new XMLHttpRequest();
  const body = new FormData();
  for (const [key, value] of Object.entries(upload.fields)) if (value !== undefined) body.append(key, value);
  body.append('file', upload.file);
  xhr.open('POST', `/api${upload.path}`);
  const token = currentToken();
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable) upload.onProgress(e.loaded, e.total);
  };
  xhr.upload.onload = () => upload.onUploaded();
  xhr.onload = () => {
    if (xhr.status >= 200 && xhr.status < 300) upload.onAnswer(JSON.parse(xhr.responseText) as T);
    else upload.onFailure(xhrFailure(xhr));
  };
  xhr.onerror = () => upload.onFailure(new ApiError(null, MESSAGES.offline, 'offline'));
  xhr.send(body);
  return () => xhr.abort();
}

/** A problem's translated message, with the values it names ("at most {max} values in one cell"). */
export const problemMessage = (p: FileProblem) => messageText(p.code, MESSAGES[p.code as MessageId] ?? p.code, p.values);

/** The error file of a refused upload: one line per problem naming row, column, value and message. */
export function errorFileCsv<P extends FileProblem>(problems: P[], headers: [string, string, string, string], messageOf: (p: P) => string = problemMessage): string {
  const rows = problems.map((p) => [String(p.row), p.column, p.value ?? '', messageOf(p)].map(neutralise));
  // A BOM so that Excel reads the UTF-8 (names in other scripts, translated messages) as UTF-8.
  return `\uFEFF${Papa.unparse({ fields: headers.map(neutralise), data: rows })}`;
}

/**
 * Saves the error file of an upload named fileName as "<name>-errors.csv", its headers in the user's
 * language (`<prefix>.col_row`, `.col_column`, `.col_value`, `.col_message`).
 */
export function saveErrorFile(intl: IntlShape, prefix: string, problems: FileProblem[], fileName: string) {
  const headers = (['row', 'column', 'value', 'message'] as const).map((k) => intl.formatMessage({ id: `${prefix}.col_${k}` })) as [string, string, string, string];
  saveText(errorFileCsv(problems, headers), `${fileName.replace(/\.[^.]+$/, '')}-errors.csv`);
}

export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob([text], { type }), fileName);
}
