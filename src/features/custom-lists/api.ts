/**
 * The custom list calls as the screens use them (API contract in docs/custom-lists.md), and the pieces
 * the statecharts are given: the upload with progress (XMLHttpRequest, because fetch reports no upload
 * progress), the record form's request, the comments' calls, and the error file of a file with problems.
 */
import Papa from 'papaparse';
import { fromCallback, fromPromise } from 'xstate';
import type { CustomListFileProblem, CustomListView, ListCommentView, ListRecordView } from '@common/custom-lists';
import { MESSAGES } from '@common/messages';
import { neutralise } from '@common/spreadsheet';
import type { ListUploadEvent, UploadAnswer, UploadRequest } from '@machines/custom-lists/list-upload.types';
import type { AddCommentInput, UpdateCommentInput } from '@machines/custom-lists/record-comments.types';
import type { RecordBody, SavedRecord } from '@machines/custom-lists/record-form.types';
import { ApiError, api, currentToken, downloadFile, reportUnauthorized, saveBlob } from '../../lib/api';
import { pickErrorText } from '../../lib/errors';

export interface ListPage {
  page: number;
  page_size: number;
  total: number;
  data: CustomListView[];
}

export interface RecordPage {
  list: CustomListView;
  page: number;
  page_size: number;
  total: number;
  data: ListRecordView[];
}

export interface Answer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
}

export const listApi = {
  deleteList: (id: string, reason: string) => api.post<Answer & { list: CustomListView }>('/custom-listing/delete', { id, reason }),
  addRecord: (listId: string, body: RecordBody) => api.post<SavedRecord>('/custom-listing-entry', { list_id: listId, ...body }),
  updateRecord: (id: string, body: RecordBody) => api.post<SavedRecord>('/custom-listing-entry/update', { id, ...body }),
  deleteRecord: (id: string, reason: string) => api.post<Answer & { record: ListRecordView }>('/custom-listing-entry/delete', { id, reason }),
  deleteComment: (id: string, reason: string) => api.post<Answer>('/custom-listing-entry-comment-delete', { id, reason }),
  downloadTemplate: (format: 'csv' | 'xlsx') => downloadFile('/custom-listing-template', { format }, `custom-list-template.${format}`),
};

/** The comments panel's calls (machines/custom-lists/record-comments). */
export const commentActors = {
  load: fromPromise<{ data: ListCommentView[] }, { entry_id: string }>(({ input }) => api.get('/get-custom-listing-entry-comments', { entry_id: input.entry_id })),
  add: fromPromise<unknown, AddCommentInput>(({ input }) => api.post('/custom-listing-entry-comment', { ...input })),
  update: fromPromise<unknown, UpdateCommentInput>(({ input }) => api.post('/custom-listing-entry-comment-update', { ...input })),
};

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

/** POST /api/custom-listing: the fields first, then the file; reports the bytes sent. Stopping the actor aborts the request. */
export const uploadList = fromCallback<ListUploadEvent, UploadRequest>(({ input, sendBack }) => {
  const xhr = new XMLHttpRequest();
  const body = new FormData();
  // The file is read as a stream after the fields, so they must come first.
  for (const key of ['list_id', 'name', 'description', 'type'] as const) {
    const value = input[key];
    if (value !== undefined) body.append(key, value);
  }
  body.append('file', input.file as File);
  xhr.open('POST', '/api/custom-listing');
  const token = currentToken();
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable) sendBack({ type: 'UPLOAD_PROGRESS', loaded: e.loaded, total: e.total });
  };
  xhr.upload.onload = () => sendBack({ type: 'UPLOADED' });
  xhr.onload = () => {
    if (xhr.status >= 200 && xhr.status < 300) sendBack({ type: 'STORED', answer: JSON.parse(xhr.responseText) as UploadAnswer });
    else sendBack({ type: 'REFUSED', error: xhrFailure(xhr) });
  };
  xhr.onerror = () => sendBack({ type: 'REFUSED', error: new ApiError(null, MESSAGES.offline, 'offline') });
  xhr.send(body);
  return () => xhr.abort();
});

/** The error file of a refused list file: one line per problem naming row, column, value and message, safe to open in a spreadsheet. */
export function errorFileCsv(problems: CustomListFileProblem[], headers: [string, string, string, string], messageOf: (p: CustomListFileProblem) => string): string {
  const rows = problems.map((p) => [String(p.row), p.column, p.value ?? '', messageOf(p)].map(neutralise));
  // A BOM so that Excel reads the UTF-8 (names in other scripts, translated messages) as UTF-8.
  return `\uFEFF${Papa.unparse({ fields: headers.map(neutralise), data: rows })}`;
}

export const saveCsv = (text: string, fileName: string) => saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
