/** The users calls as the users screen uses them, and the shapes they answer with. */
import { isFilled, type Filters, type Page } from '@machines/shared/list.machine';
import { api } from '../../lib/api';

export interface AdminUser {
  _id: string;
  name: string;
  email: string;
  role: { _id: string; name: string; is_admin: boolean };
  is_active: boolean;
  status: 'active' | 'inactive';
  invitation_pending: boolean;
  /** A new sign-in e-mail waiting for its owner's confirmation. */
  pending_email: string | null;
  email_2fa: { is_enabled: boolean; verified_at: string | null };
  app_2fa: { is_enabled: boolean; verified_at: string | null };
  last_login_at: string | null;
  created_at: string;
}

export interface RoleOption {
  _id: string;
  name: string;
  is_admin: boolean;
  user_count: number;
}

export interface Answer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
}

/** Without filters the screen shows everyone (get_all_users); a search uses users, which needs a filter. */
export function loadUsers({ filters, page, pageSize }: { filters: Filters; page: number; pageSize: number }) {
  if (!isFilled(filters)) return api.get<Page<AdminUser>>('/get_all_users', { page, page_size: pageSize });
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
  return api.get<Page<AdminUser>>('/users', { ...query, page, page_size: pageSize });
}

export const loadRoleOptions = () => api.get<Page<RoleOption>>('/get_all_roles', { page: 1, page_size: 100 });

export const createUser = (values: { name: string; email: string; role_id: string }) => api.post<Answer & { user: AdminUser }>('/create-user', values);
export const updateUser = (values: Record<string, unknown>) => api.post<Answer & { user: AdminUser }>('/update-user', values);
export const deleteUser = (userId: string) => api.post<Answer>('/delete-user', { user_id: userId });
