/**
 * What a role may hold (docs/decisions.md "Access"): only known permissions,
 * each with the permissions it depends on, and administrator-only permissions
 * only on the organisation's administrator role.
 */
import { PERMISSIONS, isPermissionName, withDependencies, type PermissionName } from '../../common/permissions';
import { ApiError } from '../http/errors';

export function permissionsToSave(requested: readonly string[]): PermissionName[] {
  const names = [...new Set(requested.map((n) => n.trim()).filter(Boolean))];
  const unknown = names.find((n) => !isPermissionName(n));
  if (unknown) throw new ApiError(400, 'unknown_permission', { name: unknown }, 'permissions');
  // Dependencies are switched on with the permission that needs them, as the screen does.
  const closed = withDependencies(names);
  if (closed.some((p) => PERMISSIONS[p].adminOnly)) throw new ApiError(400, 'admin_only_permission', {}, 'permissions');
  return closed;
}
