/**
 * /user-management (view_users): the organisation's users with their role,
 * status and two-factor states; search (at least one filter), add a user (an
 * invitation to /setup-password is e-mailed), edit, activate or deactivate,
 * re-send an invitation, delete. Actions appear only with their permission.
 */
import { Avatar, Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuMail, LuSmartphone, LuUserPlus, LuUsers } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useTable } from '@tanstack/react-table';
import type { Page } from '@machines/shared/list.machine';
import { selectPermissionNames, selectUser } from '@machines/session/session.selectors';
import { ActionDialog } from '../../components/ActionDialog';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { Pager } from '../../components/table/Pager';
import { RowMenu, type RowMenuItem } from '../../components/table/RowMenu';
import { useDialog } from '../../components/useDialog';
import { useList } from '../../components/useList';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useSession } from '../../app/useSession';
import { createUser, deleteUser, loadRoleOptions, loadUsers, updateUser, type AdminUser, type Answer, type RoleOption } from './api';
import { UserFilters } from './UserFilters';
import { UserFormDialog } from './UserFormDialog';

const column = columnsFor<AdminUser>();
const EMPTY_ROLES: RoleOption[] = [];

type Confirmation = { kind: 'deactivate' | 'activate' | 'delete' | 'resend'; user: AdminUser };

const announce = (answer: Answer) => notify.success(messageText(answer.code, answer.message ?? '', answer.values));

function StatusBadge({ user }: { user: AdminUser }) {
  if (!user.is_active) return <Badge colorPalette="gray">{<FormattedMessage id="users.status.inactive" />}</Badge>;
  if (user.invitation_pending) return <Badge colorPalette="orange">{<FormattedMessage id="users.status.invited" />}</Badge>;
  return <Badge colorPalette="green">{<FormattedMessage id="users.status.active" />}</Badge>;
}

function TwoFactorBadges({ user }: { user: AdminUser }) {
  const intl = useIntl();
  if (!user.email_2fa.is_enabled && !user.app_2fa.is_enabled) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="users.two_factor.off" />
      </Text>
    );
  }
  return (
    <HStack gap="1">
      {user.email_2fa.is_enabled && (
        <Badge colorPalette="brand" variant="subtle" title={intl.formatMessage({ id: 'users.two_factor.email' })}>
          <LuMail /> <FormattedMessage id="users.two_factor.email_short" />
        </Badge>
      )}
      {user.app_2fa.is_enabled && (
        <Badge colorPalette="brand" variant="subtle" title={intl.formatMessage({ id: 'users.two_factor.app' })}>
          <LuSmartphone /> <FormattedMessage id="users.two_factor.app_short" />
        </Badge>
      )}
    </HStack>
  );
}

export default function UsersPage() {
  const intl = useIntl();
  const me = useSession(selectUser);
  const permissions = useSession(selectPermissionNames);
  const isAdmin = useSession((s) => s.context.session?.role.is_admin ?? false);
  const can = (p: string) => permissions.includes(p);

  const users = useList<AdminUser>(loadUsers, { pageSize: 20, requireFilter: true });
  const roles = useList<RoleOption>(() => loadRoleOptions() as Promise<Page<RoleOption>>, { pageSize: 100 });
  const roleOptions = roles.loaded ? roles.rows : EMPTY_ROLES;

  const form = useDialog<AdminUser | null, Answer>(
    (target, values) => (target ? updateUser(values) : createUser(values as { name: string; email: string; role_id: string })),
    (answer) => {
      announce(answer);
      users.reload();
    },
  );
  const confirm = useDialog<Confirmation, Answer>(
    ({ kind, user }) => {
      if (kind === 'delete') return deleteUser(user._id);
      if (kind === 'resend') return updateUser({ user_id: user._id, resend_invitation: true });
      return updateUser({ user_id: user._id, is_active: kind === 'activate' });
    },
    (answer) => {
      announce(answer);
      users.reload();
    },
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: () => <FormattedMessage id="users.columns.user" />,
          cell: ({ row }) => (
            <HStack gap="3">
              <Avatar.Root size="sm" colorPalette="brand">
                <Avatar.Fallback name={row.original.name} />
              </Avatar.Root>
              <Stack gap="0" minW="0">
                <HStack gap="2">
                  <Text fontWeight="medium" truncate>
                    <Name>{row.original.name}</Name>
                  </Text>
                  {row.original._id === me?._id && (
                    <Badge size="sm" variant="outline">
                      <FormattedMessage id="users.you" />
                    </Badge>
                  )}
                </HStack>
                <Text fontSize="sm" color="fg.muted" truncate dir="ltr" textAlign="start">
                  {row.original.email}
                </Text>
                {row.original.pending_email && (
                  <Text fontSize="xs" color="fg.warning" truncate data-testid="pending-email">
                    <FormattedMessage id="users.pending_email" values={{ email: <bdi>{row.original.pending_email}</bdi> }} />
                  </Text>
                )}
              </Stack>
            </HStack>
          ),
        }),
        column.accessor((u) => u.role.name, {
          id: 'role',
          header: () => <FormattedMessage id="users.fields.role" />,
          cell: ({ row }) => (
            <Badge colorPalette={row.original.role.is_admin ? 'brand' : 'gray'} variant={row.original.role.is_admin ? 'solid' : 'subtle'}>
              {row.original.role.name}
            </Badge>
          ),
        }),
        column.accessor('status', {
          header: () => <FormattedMessage id="users.fields.status" />,
          cell: ({ row }) => <StatusBadge user={row.original} />,
        }),
        column.display({
          id: 'two_factor',
          header: () => <FormattedMessage id="users.columns.two_factor" />,
          cell: ({ row }) => <TwoFactorBadges user={row.original} />,
        }),
        column.accessor('last_login_at', {
          header: () => <FormattedMessage id="users.columns.last_sign_in" />,
          cell: ({ row }) =>
            row.original.last_login_at ? (
              <Text fontSize="sm" whiteSpace="nowrap">
                <FormattedDate value={row.original.last_login_at} dateStyle="medium" timeStyle="short" />
              </Text>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="users.never" />
              </Text>
            ),
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="admin.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) => {
            const user = row.original;
            const self = user._id === me?._id;
            // Only an administrator acts on the administrator role's users (the API says so too).
            const touchable = isAdmin || !user.role.is_admin;
            const items = [
              can('update_users') && touchable && { value: 'edit', label: 'admin.actions.edit', onSelect: () => form.show(user) },
              can('update_users') && touchable && user.invitation_pending && user.is_active && { value: 'resend', label: 'users.actions.resend', onSelect: () => confirm.show({ kind: 'resend', user }) },
              can('update_users') && touchable && !self && { value: user.is_active ? 'deactivate' : 'activate', label: user.is_active ? 'users.actions.deactivate' : 'users.actions.activate', onSelect: () => confirm.show({ kind: user.is_active ? 'deactivate' : 'activate', user }) },
              can('delete_users') && touchable && !self && { value: 'delete', label: 'admin.actions.delete', onSelect: () => confirm.show({ kind: 'delete', user }), danger: true },
            ].filter(Boolean) as RowMenuItem[];
            if (items.length === 0) return null;
            return <RowMenu label={intl.formatMessage({ id: 'users.actions.menu' }, { name: user.name })} testId={`user-actions-${user.email}`} itemTestId="user-action" items={items} />;
          },
        }),
      ]),
    // The columns close over the permissions and the current user; rebuild them only when those change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [me?._id, isAdmin, permissions.join(',')],
  );

  const table = useTable({ features: appTableFeatures, columns, data: users.rows, getRowId: (u) => u._id });
  const searching = Object.values(users.filters).some((v) => v.trim() !== '');
  const pending = confirm.target;

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.users" />}
        description={<FormattedMessage id="users.description" />}
        actions={
          can('create_users') && (
            <Button colorPalette="brand" onClick={() => form.show(null)} data-testid="add-user">
              <LuUserPlus /> <FormattedMessage id="users.actions.add" />
            </Button>
          )
        }
      />
      <Card.Root>
        <Card.Body gap="5">
          <UserFilters applied={users.filters} roles={roleOptions} error={users.filterError} onSearch={users.search} onClear={users.clear} />
          {users.failed && <ServerError message={users.error?.message ?? null} code={users.error?.code} />}
          <DataTable
            table={table}
            loading={users.loading}
            loaded={users.loaded}
            label={intl.formatMessage({ id: 'nav.item.users' })}
            testId="users-table"
            empty={
              <EmptyMessage
                testId="users-empty"
                icon={<LuUsers />}
                title={<FormattedMessage id="users.empty.title" />}
                description={<FormattedMessage id={searching ? 'users.empty.filtered' : 'users.empty.none'} />}
                action={
                  searching ? (
                    <Button size="sm" variant="outline" onClick={users.clear}>
                      <FormattedMessage id="admin.actions.clear_search" />
                    </Button>
                  ) : undefined
                }
              />
            }
          />
          <Pager page={users.page} pageSize={users.pageSize} total={users.total} onPage={users.goTo} />
        </Card.Body>
      </Card.Root>

      <UserFormDialog dialog={form} roles={roleOptions} canGiveAdminRole={isAdmin} />

      <ActionDialog
        open={confirm.open}
        busy={confirm.busy}
        tone={pending?.kind === 'delete' || pending?.kind === 'deactivate' ? 'danger' : 'primary'}
        title={pending && <FormattedMessage id={`users.confirm.${pending.kind}_title`} values={{ name: pending.user.name }} />}
        submitLabel={pending && <FormattedMessage id={`users.confirm.${pending.kind}_submit`} />}
        error={confirm.error}
        onSubmit={() => confirm.submit()}
        onClose={confirm.close}
        size="sm"
        testId="user-confirm"
      >
        {pending && (
          <Text>
            <FormattedMessage id={`users.confirm.${pending.kind}_body`} values={{ name: pending.user.name, email: pending.user.email }} />
          </Text>
        )}
      </ActionDialog>
    </Stack>
  );
}
