/**
 * The users calls of section 7 (create-user, users, update-user, delete-user,
 * get_all_users). Every call needs view_users, writes need their create,
 * update or delete counterpart, and every query is scoped to the caller's
 * organisation: another organisation's user answers 404.
 *
 * Safety rules beyond the spec (docs/admin.md): nobody deactivates, deletes or
 * changes the role of their own account; the organisation always keeps one
 * active administrator; only an administrator gives, takes away or touches the
 * administrator role's users.
 */
import { findRoute, withPermission } from '../../common/access';
import {
  AllUsersQuery,
  CreateUserBody,
  ConfirmEmailBody,
  DeleteUserBody,
  UpdateUserBody,
  UserSearchQuery,
  hasUserFilter,
} from '../../common/schemas/admin';
import { toBoolean } from '../../common/schemas/core';
import type { MessageId } from '../../common/messages';
import { auditAction } from '../audit/actor';
import type { AuthContext } from '../auth/sessions';
import type { OrgDb } from '../db/tenant';
import { ApiError, notFound } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { sendInvitation } from './invitations';
import { assertEmailFree, cancelEmailChange, confirmEmailChange, requestEmailChange } from './email-change';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import {
  assignableRole,
  deleteUser,
  endUserSessions,
  findUser,
  insertMember,
  listUsers,
  lockOrganisation,
  otherActiveAdmins,
  setUserActive,
  setUserName,
  setUserRole,
  toAdminUserView,
} from './queries';
import { announceSessionChange, closeUserSockets } from '../realtime/session-events';

const VIEW = findRoute('user-management').requirement;

/**
 * The user a change is about, read once the organisation is locked: changes to
 * one organisation's users run one at a time, so "the last administrator"
 * checks cannot race. Another organisation's user is not found.
 */
async function lockTarget(org: OrgDb, userId: unknown) {
  await lockOrganisation(org);
  const target = await findUser(org, userId);
  if (!target) throw notFound();
  return target;
}

/** Only an administrator may act on an administrator's account or hand out the administrator role. */
function assertMayTouchAdmin(auth: AuthContext, involvesAdmin: boolean) {
  if (involvesAdmin && !auth.role.is_admin) throw new ApiError(403, 'permission_denied');
}

async function assertKeepsAnAdmin(org: OrgDb, target: { id: string; role_is_admin: boolean; is_active: boolean }) {
  if (target.role_is_admin && target.is_active && (await otherActiveAdmins(org, target.id)) === 0) {
    throw new ApiError(400, 'last_admin');
  }
}

export function userRoutes() {
  return [
    route({
      method: 'GET',
      path: '/get_all_users',
      operationId: 'listUsers',
      tag: 'Roles and users',
      summary: 'Every user of the organisation, a page at a time (name, company e-mail, role, active flag, two-factor states).',
      access: VIEW,
      query: AllUsersQuery,
      async handler({ org, query }) {
        const { rows, total } = await listUsers(org, {}, query.page, query.page_size);
        return pageOf(query, total, rows.map(toAdminUserView));
      },
    }),

    route({
      method: 'GET',
      path: '/users',
      operationId: 'searchUsers',
      ids: { 'query.role_id': { kind: 'role', unknown: 200 } },
      examples: [{ query: { role_id: '<role id>' } }],
      tag: 'Roles and users',
      summary: 'Searches users by name, e-mail, role or status; at least one filter is required.',
      access: VIEW,
      query: UserSearchQuery,
      async handler({ org, query }) {
        if (!hasUserFilter(query)) throw new ApiError(400, 'user_search_filter');
        const { rows, total } = await listUsers(org, query, query.page, query.page_size);
        return pageOf(query, total, rows.map(toAdminUserView));
      },
    }),

    route({
      method: 'POST',
      path: '/create-user',
      operationId: 'createUser',
      ids: { 'body.role_id': { kind: 'role', unknown: 400 } },
      examples: [{ body: { name: 'Olive Example', email: 'olive.example@example.com', role_id: '<role id>' } }],
      tag: 'Roles and users',
      summary: 'Creates a user with a role and e-mails a single-use link to /setup-password.',
      access: withPermission(VIEW, 'create_users'),
      body: CreateUserBody,
      async handler(ctx) {
        const { deps, org, auth, body } = ctx;
        const email = body.email.trim().toLowerCase();
        try {
          const user = await org.transaction(async (tx) => {
            const role = await assignableRole(tx, body.role_id);
            if (!role) throw new ApiError(400, 'role_required', {}, 'role_id');
            assertMayTouchAdmin(auth, role.is_admin);
            await assertEmailFree(tx, email);
            const id = await insertMember(tx, { roleId: role.id, name: body.name, email });
            await auditAction(tx, ctx, 'user.created', { type: 'user', id }, { name: body.name, email, role: role.name });
            // Sent inside the transaction: if the e-mail cannot be sent, no half-invited user is left behind.
            await sendInvitation(deps, tx, { id, email, name: body.name }, { organisationName: auth.organisation.name, language: auth.user.language });
            return (await findUser(tx, id))!;
          });
          return done('user_created', { user: toAdminUserView(user) }, { email: user.email });
        } catch (error) {
          if (isUniqueViolation(error)) throw new ApiError(409, 'email_taken', {}, 'email');
          throw error;
        }
      },
    }),

    route({
      method: 'POST',
      path: '/update-user',
      operationId: 'updateUser',
      ids: { 'body.user_id': 'user', 'body.role_id': { kind: 'role', unknown: 400 } },
      examples: [{ body: { user_id: '<user id>', role_id: '<role id>', name: 'Renamed Person' } }],
      tag: 'Roles and users',
      summary: 'Changes a user: name, role, active flag (deactivation ends every session at once), or re-sends the invitation.',
      access: withPermission(VIEW, 'update_users'),
      body: UpdateUserBody,
      async handler(ctx) {
        const { deps, org, auth, body } = ctx;
        const outcome = await org.transaction(async (tx) => {
          const target = await lockTarget(tx, body.user_id);
          const self = target.id === auth.user.id;
          assertMayTouchAdmin(auth, target.role_is_admin);

          const changes: Record<string, { from: unknown; to: unknown }> = {};
          let message: MessageId = 'user_updated';

          if (body.role_id !== undefined && body.role_id !== target.role_id) {
            if (self) throw new ApiError(400, 'self_role_change', {}, 'role_id');
            const role = await assignableRole(tx, body.role_id);
            if (!role) throw new ApiError(400, 'role_required', {}, 'role_id');
            assertMayTouchAdmin(auth, role.is_admin);
            if (!role.is_admin) await assertKeepsAnAdmin(tx, target);
            await setUserRole(tx, target.id, role.id);
            changes.role = { from: target.role_name, to: role.name };
          }

          if (body.name !== undefined && body.name !== target.name) {
            await setUserName(tx, target.id, body.name);
            changes.name = { from: target.name, to: body.name };
          }

          const email = body.email?.trim().toLowerCase();
          // Any decision about the e-mail replaces a change still waiting for confirmation,
          // including going back to the current address: the earlier link must not work any more.
          const cancelled = email ? await cancelEmailChange(tx, target.id) : null;
          if (cancelled && email === target.email.toLowerCase()) {
            await auditAction(tx, ctx, 'user.email_change_cancelled', { type: 'user', id: target.id }, { email: target.email, to: cancelled });
          }
          if (email && email !== target.email.toLowerCase()) {
            await assertEmailFree(tx, email, target.id);
            const emailChange = await requestEmailChange(deps, tx, { ...target, name: body.name ?? target.name }, email, {
              organisationName: auth.organisation.name,
              language: auth.user.language,
            });
            if (emailChange === 'changed_and_invited') {
              changes.email = { from: target.email, to: email };
              message = 'invitation_sent';
            } else {
              await auditAction(tx, ctx, 'user.email_change_requested', { type: 'user', id: target.id }, { email: target.email, to: email });
              message = 'email_change_sent';
            }
          }

          let deactivated = false;
          if (body.is_active !== undefined && toBoolean(body.is_active) !== target.is_active) {
            const active = toBoolean(body.is_active);
            if (!active) {
              if (self) throw new ApiError(400, 'self_deactivate', {}, 'is_active');
              await assertKeepsAnAdmin(tx, target);
              await endUserSessions(tx, target.id);
              deactivated = true;
            }
            await setUserActive(tx, target.id, active);
            await auditAction(tx, ctx, active ? 'user.activated' : 'user.deactivated', { type: 'user', id: target.id }, { email: target.email });
            message = active ? 'user_activated' : 'user_deactivated';
          }

          if (Object.keys(changes).length) {
            await auditAction(tx, ctx, 'user.updated', { type: 'user', id: target.id }, { email: target.email, changes });
          }

          if (body.resend_invitation !== undefined && toBoolean(body.resend_invitation)) {
            if (target.password_hash) throw new ApiError(400, 'invitation_not_needed');
            await sendInvitation(deps, tx, target, {
              organisationName: auth.organisation.name,
              language: auth.user.language,
            });
            await auditAction(tx, ctx, 'user.invitation_resent', { type: 'user', id: target.id }, { email: target.email });
            message = 'invitation_sent';
          }

          const user = (await findUser(tx, target.id))!;
          return { user, message, deactivated, changed: Object.keys(changes).length > 0 || message === 'user_activated' };
        });

        if (outcome.deactivated) await closeUserSockets(deps, outcome.user.id);
        else if (outcome.changed) await announceSessionChange(deps, [outcome.user.id]);
        const data = { user: toAdminUserView(outcome.user) };
        return done(outcome.message, data, { email: outcome.user.pending_email ?? outcome.user.email });
      },
    }),

    route({
      method: 'POST',
      path: '/confirm-email',
      operationId: 'confirmEmailChange',
      tag: 'Auth',
      summary: "Makes a user's new e-mail the sign-in address from the link mailed to it, and ends the user's sessions; fails with 'Token is expired' or 'token is incorrect'.",
      public: true,
      body: ConfirmEmailBody,
      async handler(ctx) {
        const changed = await confirmEmailChange(ctx.deps, ctx.body.token, { ip: ctx.ip, userAgent: ctx.userAgent });
        await closeUserSockets(ctx.deps, changed.userId);
        return done('email_changed', { email: changed.to }, { email: changed.to });
      },
    }),

    route({
      method: 'POST',
      path: '/delete-user',
      operationId: 'deleteUser',
      ids: { 'body.user_id': 'user' },
      examples: [{ body: { user_id: '<user id>' } }],
      tag: 'Roles and users',
      summary: 'Deletes a user; their sessions end at once.',
      access: withPermission(VIEW, 'delete_users'),
      body: DeleteUserBody,
      async handler(ctx) {
        const { deps, org, auth, body } = ctx;
        let deletedId = '';
        try {
          await org.transaction(async (tx) => {
            const target = await lockTarget(tx, body.user_id);
            if (target.id === auth.user.id) throw new ApiError(400, 'self_delete');
            assertMayTouchAdmin(auth, target.role_is_admin);
            await assertKeepsAnAdmin(tx, target);
            await auditAction(tx, ctx, 'user.deleted', { type: 'user', id: target.id }, { name: target.name, email: target.email, role: target.role_name });
            await deleteUser(tx, target.id);
            deletedId = target.id;
          });
        } catch (error) {
          if (isForeignKeyViolation(error)) throw new ApiError(409, 'user_has_records');
          throw error;
        }
        await closeUserSockets(deps, deletedId);
        return done('user_deleted', { user_id: deletedId });
      },
    }),
  ];
}
