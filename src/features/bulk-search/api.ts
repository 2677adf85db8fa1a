/**
 * Bulk Search's calls (API contract in docs/bulk-search.md): the banner's
 * limit and creators, the batch list, deleting a batch, downloads, and the
 * pieces the upload statechart is given: reading a file with upload progress
 * (XMLHttpRequest, because fetch reports no upload progress), starting the
 * batch, and following its progress on the socket with a slow poll behind it.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { BatchProgress, BatchView, BulkUploadView } from '@common/bulk';
import { SOCKET_EVENTS } from '@common/constants';
import type { BulkUploadEvent, ReadingInput, StartedBatch, StartInput } from '@machines/bulk-upload/bulk-upload.types';
import { api, downloadFile } from '../../lib/api';
import { uploadForm } from '../../lib/upload';
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

/** POST /api/validate-search-batch, reporting the bytes sent; stopping the actor aborts the request. */
export const readFile = fromCallback<BulkUploadEvent, ReadingInput>(({ input, sendBack }) =>
  uploadForm<BulkUploadView>({
    path: '/validate-search-batch',
    fields: {},
    file: input.file as File,
    onProgress: (loaded, total) => sendBack({ type: 'UPLOAD_PROGRESS', loaded, total }),
    onUploaded: () => sendBack({ type: 'UPLOADED' }),
    onAnswer: (upload) => sendBack({ type: 'CHECKED', upload }),
    onFailure: (error) => sendBack({ type: 'REFUSED', error }),
  }),
);

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
