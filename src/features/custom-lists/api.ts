/**
 * The custom list calls as the screens use them (API contract in docs/custom-lists.md), and the pieces
 * the statecharts are given: the upload with progress (XMLHttpRequest, because fetch reports no upload
 * progress, src/lib/upload.ts), the record form's request and the comments' calls.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { CustomListView, ListCommentView, ListRecordView } from '@common/custom-lists';
import type { ListUploadEvent, UploadAnswer, UploadRequest } from '@machines/custom-lists/list-upload.types';
import type { AddCommentInput, UpdateCommentInput } from '@machines/custom-lists/record-comments.types';
import type { RecordBody, SavedRecord } from '@machines/custom-lists/record-form.types';
import { api, downloadFile } from '../../lib/api';
import { uploadForm } from '../../lib/upload';

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

/** POST /api/custom-listing: the fields first, then the file; reports the bytes sent. Stopping the actor aborts the request. */
export const uploadList = fromCallback<ListUploadEvent, UploadRequest>(({ input, sendBack }) =>
  uploadForm<UploadAnswer>({
    path: '/custom-listing',
    fields: { list_id: input.list_id, name: input.name, description: input.description, type: input.type },
    file: input.file as File,
    onProgress: (loaded, total) => sendBack({ type: 'UPLOAD_PROGRESS', loaded, total }),
    onUploaded: () => sendBack({ type: 'UPLOADED' }),
    onAnswer: (answer) => sendBack({ type: 'STORED', answer }),
    onFailure: (error) => sendBack({ type: 'REFUSED', error }),
  }),
);
