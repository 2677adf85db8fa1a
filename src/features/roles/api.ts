/** The roles calls as the roles screen uses them. */
import type { Page } from '@machines/shared/list.machine';
import type { Catalogue } from '@machines/admin/permission-selection';
import type { LoadedRole, SaveRoleInput } from '@machines/admin/role-editor.machine';
import { api } from '../../lib/api';

export interface RoleSummary {
  _id: string;
  name: string;
  is_admin: boolean;
  user_count: number;
  permission_count: number;
  created_at: string;
  updated_at: string;
}

export interface RoleAnswer {
  code?: string;
  message?: string;
  role?: RoleSummary;
}

export const loadRoles = ({ filters, page, pageSize }: { filters: Record<string, string>; page: number; pageSize: number }) =>
  api.get<Page<RoleSummary>>('/get_all_roles', { page, page_size: pageSize, ...(filters.search?.trim() ? { search: filters.search.trim() } : {}) });

/** Section 7: permissions with page=1 and page_size=100. */
export const loadCatalogue = () => api.get<{ data: Catalogue }>('/permissions', { page: 1, page_size: 100 }).then((r) => r.data);

export const loadRole = (roleId: string) => api.get<{ role: LoadedRole }>('/role', { role_id: roleId }).then((r) => r.role);

export function saveRole(input: SaveRoleInput) {
  if (input.roleId === null) return api.post<RoleAnswer>('/create-role', { name: input.name, permissions: input.permissions ?? [] });
  return api.post<RoleAnswer>('/edit-role', { role_id: input.roleId, ...(input.name !== undefined ? { name: input.name } : {}), ...(input.permissions ? { permissions: input.permissions } : {}) });
}

export const deleteRole = (roleId: string, reassignTo?: string) =>
  api.post<RoleAnswer>('/delete-role', { role_id: roleId, ...(reassignTo ? { reassign_to: reassignTo } : {}) });
