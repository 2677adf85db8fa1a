/** The search profile calls as the profiles screen uses them, and the shapes they answer with. */
import type { SearchProfileView, SourceOption } from '@common/search-profiles';
import type { SaveProfileInput } from '@machines/search-profiles/profile-editor.machine';
import { api } from '../../lib/api';

export interface ProfilePage {
  page: number;
  page_size: number;
  total: number;
  data: SearchProfileView[];
}

/** A change's answer: its message (translated by code, with its values) and the profile. */
export interface ProfileAnswer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
  profile?: SearchProfileView;
}

export const loadSources = () => api.get<{ data: SourceOption[] }>('/search-profile-sources').then((r) => r.data);

export const saveProfile = ({ id, body }: SaveProfileInput) =>
  id ? api.post<ProfileAnswer>('/search-profile/update', { id, ...body }) : api.post<ProfileAnswer>('/search-profile', { ...body });

export const deleteProfile = (id: string) => api.post<ProfileAnswer>('/search-profile/delete', { id });
