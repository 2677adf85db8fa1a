/** Types of the role drawer statechart (role-editor.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';
import type { CataloguePermission } from './permission-selection';

// ---------------------------------------------------------------- Context

export interface RoleEditorContext {
  catalogue: CataloguePermission[];
  roleId: string | null;
  isAdmin: boolean;
  userCount: number;
  name: string;
  originalName: string;
  selected: string[];
  originalSelected: string[];
  /** What the last tick switched on or off alongside, for the hint under the list. */
  lastChange: { added: string[]; removed: string[] };
  nameError: MessageId | null;
  error: (ApiFailure & { field?: string | null }) | null;
}

// ---------------------------------------------------------------- Events

export type RoleEditorEvent =
  | { type: 'CREATE' }
  | { type: 'OPEN'; roleId: string }
  | { type: 'SET_NAME'; name: string }
  | { type: 'TOGGLE'; permission: string }
  | { type: 'TOGGLE_AREA'; area: string }
  | { type: 'RESET' }
  | { type: 'SAVE' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' }
  /** After CLOSE with unsaved changes: leave them, or go back to them. */
  | { type: 'DISCARD' }
  | { type: 'KEEP_EDITING' };

export type RoleEditorEmitted = { type: 'saved'; role: unknown; created: boolean };

// ---------------------------------------------------------------- Actor I/O

export interface LoadedRole {
  _id: string;
  name: string;
  is_admin: boolean;
  user_count: number;
  permissions: { name: string }[];
}

export interface SaveRoleInput {
  roleId: string | null;
  /** Left out when unchanged. */
  name?: string;
  /** Left out when unchanged, and always for the administrator role. */
  permissions?: string[];
}
