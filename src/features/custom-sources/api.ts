/** The custom source calls as the Custom Sources screen uses them (the contract of issue 14, calls 12 to 16). */
import type { CustomSourceView } from '@common/custom-sources';
import type { ActionAnswer, SourceAction } from '@machines/custom-sources/custom-sources.machine';
import type { SaveSourceAnswer, SaveSourceInput } from '@machines/custom-sources/source-editor.machine';
import { api } from '../../lib/api';

export interface SourcePage {
  data: CustomSourceView[];
  total: number;
  page: number;
  page_size: number;
}

export interface Answer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
}

export const sourcesApi = {
  list: (page: number, pageSize: number) => api.get<SourcePage>('/custom-sources', { page, page_size: pageSize }),
  save: ({ id, ...fields }: SaveSourceInput) => (id ? api.post<SaveSourceAnswer>('/update-custom-source', { id, ...fields }) : api.post<SaveSourceAnswer>('/create-custom-source', { ...fields })),
  remove: (id: string) => api.post<Answer>('/delete-custom-source', { id }),
  run: ({ kind, source }: SourceAction): Promise<ActionAnswer> => {
    switch (kind) {
      case 'pause':
        return api.post<ActionAnswer>('/update-custom-source', { id: source.id, active: false });
      case 'resume':
        return api.post<ActionAnswer>('/update-custom-source', { id: source.id, active: true });
      case 'poll':
        return api.post<ActionAnswer>(`/custom-sources/${encodeURIComponent(source.id)}/poll`);
    }
  },
};
