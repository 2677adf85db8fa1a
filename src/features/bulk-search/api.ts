/**
 * Bulk Search's calls (API contract in docs/bulk-search.md): the banner's
 * limit and creators, the batch list, deleting a batch, downloads, and the
 * pieces the upload statechart is given: reading a file with upload progress
 * (XMLHttpRequest, because fetch reports no upload progress), starting the
 * batch, and following its progress on the socket with a slow poll behind it.
 */
import Papa from 'papaparse';
import { fromCallback, fromPromise } from 'xstate';
import type { BatchProgress, BatchView, BulkFileProblem, BulkUploadView } from '@common/bulk';
import { SOCKET_EVENTS } from '@common/constants';
import { MESSAGES } from '@common/messages';
import { neutralise } from '@common/spreadsheet';
import type { BulkUploadEvent, ReadingInput, StartedBatch, StartInput } from '@machines/bulk-upload/bulk-upload.types';
import { ApiError, api, currentToken, downloadFile, reportUnauthorized, saveBlob } from '../../lib/api';
import { pickErrorText } from '../../lib/errors';
import { onSocketEvent } from '../../lib/socket';

export interface BulkInfo {
  entity_limit: number;
  creators: { id: string; name: string }[];
}

export interface BatchPage {
  total: number;
  rows: BatchView[];
}

/** How often a running batch is read again when the socket says nothing (a lost connection, a proxy). */
export const POLL_MS = 5_000;

export const bulkApi = {
  deleteBatch: (id: string, reason: string) => api.post<{ batch: BatchView; message?: string }>('/delete-bulk-search', { id, reason }),
  downloadSummary: (id: string, name: string, format: 'csv' | 'xlsx') => downloadFile('/download-bulk-search', { id, format }, `${name}-summary.${format}`),
  downloadResults: (id: string, name: string, format: 'csv' | 'xlsx') => downloadFile('/download-bulk-search-data', { id, format }, `${name}-results.${format}`),
  downloadTemplate: (format: 'csv' | 'xlsx') => downloadFile('/bulk-search-template', { format }, `bulk-search-template.${format}`),
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

/** POST /api/validate-search-batch, reporting the bytes sent; stopping the actor aborts the request. */
export const readFile = fromCallback<BulkUploadEvent, ReadingInput>(({ input, sendBack }) => {
  const xhr = new XMLHttpRequest();
  const body = new FormData();
  body.append('file', input.file as File);
  xhr.open('POST', '/api/validate-search-batch');
  const token = currentToken();
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable) sendBack({ type: 'UPLOAD_PROGRESS', loaded: e.loaded, total: e.total });
  };
  xhr.upload.onload = () => sendBack({ type: 'UPLOADED' });
  xhr.onload = () => {
    if (xhr.status >= 200 && xhr.status < 300) sendBack({ type: 'CHECKED', upload: JSON.parse(xhr.responseText) as BulkUploadView });
    else sendBack({ type: 'REFUSED', error: xhrFailure(xhr) });
  };
  xhr.onerror = () => sendBack({ type: 'REFUSED', error: new ApiError(null, MESSAGES.offline, 'offline') });
  xhr.send(body);
  return () => xhr.abort();
});

export const startBatch = fromPromise<StartedBatch, StartInput>(({ input }) => api.post<StartedBatch>('/create-search-batch', { ...input }));

/** The batch's progress events on the socket, and a poll every POLL_MS in case the socket is quiet. */
export const followBatch = fromCallback<BulkUploadEvent, { id: string }>(({ input, sendBack }) => {
  const off = onSocketEvent<BatchProgress>(SOCKET_EVENTS.bulkProgress, (progress) => {
    if (progress?.id === input.id) sendBack({ type: 'PROGRESS', progress });
  });
  let stopped = false;
  const poll = async () => {
    try {
      const batch = await api.get<BatchView>('/bulk-batch', { id: input.id });
      if (!stopped) sendBack({ type: 'PROGRESS', progress: batch });
    } catch {
      // The next poll or a socket event will tell; a failed poll is not the batch failing.
    }
  };
  const timer = setInterval(poll, POLL_MS);
  return () => {
    stopped = true;
    off();
    clearInterval(timer);
  };
});

/** The error file of a bad upload: one line per problem naming row, column, value and message, safe to open in a spreadsheet. */
export function errorFileCsv(problems: BulkFileProblem[], headers: [string, string, string, string], messageOf: (p: BulkFileProblem) => string): string {
  const rows = problems.map((p) => [String(p.row), p.column, p.value ?? '', messageOf(p)].map(neutralise));
  // A BOM so that Excel reads the UTF-8 (names in other scripts, translated messages) as UTF-8.
  return `\uFEFF${Papa.unparse({ fields: headers.map(neutralise), data: rows })}`;
}

export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob([text], { type }), fileName);
}
