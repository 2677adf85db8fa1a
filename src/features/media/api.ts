/** The Media Watcher calls as its screens use them (the contract of issue 14, "HTTP API", 1 to 11). */
import type { MediaQuery } from '@common/media';
import type { CreateMediaCaseAnswer, CreateMediaCaseInput, FetchMoreInput } from '@machines/media/media-search.machine';
import type { MarkRequest } from '@machines/media/media-cases.machine';
import type { ReadInput, UpdateMediaCaseAnswer, UpdateMediaCaseInput } from '@machines/media/media-case.machine';
import type { MediaAnswer, MediaCaseDetail, MediaCaseView, MediaSearchAnswer } from '@machines/media/views';
import { api, downloadFile } from '../../lib/api';

export interface Paged<Row> {
  data: Row[];
  total: number;
  page: number;
  page_size: number;
}

/** Where the credits dialog's "Contact sales" leads for Media Watcher credits. */
export const MEDIA_SALES_ADDRESS = 'mailto:sales@open-aml.example?subject=Media%20Watcher%20credits';

export const mediaApi = {
  search: (query: MediaQuery) => api.post<MediaSearchAnswer>('/adverse-media', { ...query }),
  fetchMore: ({ query, offset }: FetchMoreInput) => api.post<MediaSearchAnswer>('/adverse-media/fetch-more', { ...query, offset }),
  createCase: (body: CreateMediaCaseInput) => api.post<CreateMediaCaseAnswer>('/adverse-media/create', { ...body }),
  list: (query: Record<string, unknown>) => api.get<Paged<MediaCaseView>>('/adverse-media', query),
  detail: (reference: string) => api.get<MediaCaseDetail>(`/adverse-media/detail-page/${encodeURIComponent(reference)}`),
  read: (body: ReadInput | MarkRequest) => api.post<{ updated: number }>('/adverse-media/read', { ...body }),
  update: (body: UpdateMediaCaseInput) => api.post<UpdateMediaCaseAnswer>('/adverse-media/update', { ...body }),
  remove: (references: string[], reason: string) => api.post<MediaAnswer & { deleted: number }>('/adverse-media/delete', { references, reason }),
  report: (reference: string) => downloadFile(`/adverse-media-report/${encodeURIComponent(reference)}`, {}, `media-case-${reference}.pdf`),
  exportCases: (query: Record<string, unknown>, format: 'csv' | 'xlsx') => downloadFile('/adverse-media/export', { ...query, format }, `media-cases.${format}`),
};
