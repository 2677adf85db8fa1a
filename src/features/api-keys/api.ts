/** The API key calls as the API Keys screen uses them, and the shapes they answer with. */
import type { ApiKeyView } from '@common/api-keys';
import type { DeleteKeyInput } from '@machines/api-keys/key-deletion.machine';
import type { GenerateAnswer, GenerateKeyInput } from '@machines/api-keys/key-generator.machine';
import { api } from '../../lib/api';

export interface ApiKeyPage {
  page: number;
  page_size: number;
  total: number;
  data: ApiKeyView[];
}

export const generateKey = (body: GenerateKeyInput) => api.post<GenerateAnswer>('/api-key', { ...body });

export const deleteKey = ({ id, password }: DeleteKeyInput) => api.delete<{ code?: string; message?: string }>(`/api-key/${encodeURIComponent(id)}`, { password });
