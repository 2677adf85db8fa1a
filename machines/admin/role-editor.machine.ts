/**
 * The role drawer of the roles screen: create a role or open one, rename it,
 * tick its permissions grouped by product area (with dependencies following,
 * see permission-selection.ts), save or discard. The permission catalogue is
 * loaded once (permissions with page=1 and page_size=100) and kept.
 * Saving emits { type: 'saved', role } for the screen to refresh its list.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { validateRoleName } from '../../common/validation';
import { failureField, toApiFailure } from '../shared/api-failure';
import { sameSelection, toggleArea, togglePermission, type Catalogue } from './permission-selection';
import type { RoleEditorContext, RoleEditorEvent, RoleEditorEmitted, LoadedRole, SaveRoleInput } from './role-editor.types';
export type { RoleEditorContext, RoleEditorEvent, RoleEditorEmitted, LoadedRole, SaveRoleInput } from './role-editor.types';

// ---------------------------------------------------------------- Actor I/O

// ---------------------------------------------------------------- Context

// ---------------------------------------------------------------- Events

/** The failure, and the field the server named (a taken role name is about the name). */
const failure = (error: unknown): RoleEditorContext['error'] => ({ ...toApiFailure(error), field: failureField(error) });

const blank = {
  roleId: null,
  isAdmin: false,
  userCount: 0,
  name: '',
  originalName: '',
  selected: [] as string[],
  originalSelected: [] as string[],
  lastChange: { added: [] as string[], removed: [] as string[] },
  nameError: null,
  error: null,
};

export const roleEditorMachine = setup({
  types: {
    context: {} as RoleEditorContext,
    events: {} as RoleEditorEvent,
    emitted: {} as RoleEditorEmitted,
  },
  actors: {
    loadCatalogue: fromPromise<Catalogue>(async () => {
      throw new Error('loadCatalogue is provided by the screen');
    }),
    loadRole: fromPromise<LoadedRole, { roleId: string }>(async () => {
      throw new Error('loadRole is provided by the screen');
    }),
    saveRole: fromPromise<unknown, SaveRoleInput>(async () => {
      throw new Error('saveRole is provided by the screen');
    }),
  },
  guards: {
    needsCatalogue: ({ context }) => context.catalogue.length === 0,
    isExistingRole: ({ context }) => context.roleId !== null,
    nameInvalid: ({ context }) => validateRoleName(context.name) !== null,
    unchanged: ({ context }) => context.roleId !== null && context.name.trim() === context.originalName && sameSelection(context.selected, context.originalSelected),
    dirty: ({ context }) => context.name.trim() !== context.originalName || !sameSelection(context.selected, context.originalSelected),
    isNotAdminRole: ({ context }) => !context.isAdmin,
  },
}).createMachine({
  id: 'roleEditor',
  context: { catalogue: [], ...blank },
  initial: 'closed',
  states: {
    closed: {
      on: {
        CREATE: { target: 'opening', actions: assign(blank) },
        OPEN: { target: 'opening', actions: assign(({ event }) => ({ ...blank, roleId: event.roleId })) },
      },
    },
    opening: {
      description: 'The catalogue is loaded once per drawer, then the role if one was opened.',
      always: [
        { guard: 'needsCatalogue', target: 'loadingCatalogue' },
        { guard: 'isExistingRole', target: 'loadingRole' },
        { target: 'editing' },
      ],
    },
    loadingCatalogue: {
      invoke: {
        id: 'loadCatalogue',
        src: 'loadCatalogue',
        onDone: { target: 'opening', actions: assign({ catalogue: ({ event }) => [...event.output] }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failure(event.error) }) },
      },
    },
    loadingRole: {
      invoke: {
        id: 'loadRole',
        src: 'loadRole',
        input: ({ context }) => ({ roleId: context.roleId! }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const selected = event.output.permissions.map((p) => p.name);
            return {
              isAdmin: event.output.is_admin,
              userCount: event.output.user_count,
              name: event.output.name,
              originalName: event.output.name,
              selected,
              originalSelected: selected,
            };
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failure(event.error) }) },
      },
    },
    editing: {
      on: {
        SET_NAME: { actions: assign({ name: ({ event }) => event.name, nameError: null, error: null }) },
        TOGGLE: {
          guard: 'isNotAdminRole',
          description: 'The administrator role always holds everything; its boxes are shown ticked and locked.',
          actions: assign(({ context, event }) => {
            const change = togglePermission(context.catalogue, context.selected, event.permission, false);
            return { selected: change.selected, lastChange: { added: change.addedAlongside, removed: change.removedAlongside }, error: null };
          }),
        },
        TOGGLE_AREA: {
          guard: 'isNotAdminRole',
          actions: assign(({ context, event }) => {
            const change = toggleArea(context.catalogue, context.selected, event.area, false);
            return { selected: change.selected, lastChange: { added: change.addedAlongside, removed: change.removedAlongside }, error: null };
          }),
        },
        RESET: {
          actions: assign(({ context }) => ({
            name: context.originalName,
            selected: context.originalSelected,
            lastChange: { added: [], removed: [] },
            nameError: null,
            error: null,
          })),
        },
        SAVE: [
          { guard: 'nameInvalid', description: 'The name rule is checked here, beside the field, before any request.', actions: assign({ nameError: ({ context }) => validateRoleName(context.name) }) },
          { guard: 'unchanged', target: 'closed', description: 'Saving an unchanged role sends nothing.' },
          { target: 'saving' },
        ],
        CLOSE: [{ guard: 'dirty', target: 'confirmingClose' }, { target: 'closed' }],
      },
    },
    confirmingClose: {
      description: 'Closing would lose unsaved changes: the drawer asks first.',
      on: { DISCARD: 'closed', KEEP_EDITING: 'editing', CLOSE: 'closed' },
    },
    saving: {
      invoke: {
        id: 'saveRole',
        src: 'saveRole',
        input: ({ context }): SaveRoleInput => {
          const isNew = context.roleId === null;
          const name = context.name.trim();
          return {
            roleId: context.roleId,
            ...(isNew || name !== context.originalName ? { name } : {}),
            ...(!context.isAdmin && (isNew || !sameSelection(context.selected, context.originalSelected)) ? { permissions: context.selected } : {}),
          };
        },
        onDone: {
          target: 'closed',
          actions: emit(({ context, event }) => ({ type: 'saved' as const, role: event.output, created: context.roleId === null })),
        },
        onError: { target: 'editing', description: 'The form stays as the user had it, with the message (under the name when the server names it).', actions: assign({ error: ({ event }) => failure(event.error) }) },
      },
    },
    failed: {
      on: { RETRY: 'opening', CLOSE: 'closed' },
    },
  },
});
