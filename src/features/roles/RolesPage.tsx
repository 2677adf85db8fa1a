/**
 * /role-management (view_roles_and_permissions): the organisation's roles
 * with how many users and permissions each has; search by name; create, open
 * (rename, permissions by product area) and delete roles. A change reaches the
 * role's users on their next call, and their open app refreshes at once.
 */
import { Badge, Button, Card, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { LuPlus, LuSearch, LuShieldCheck, LuShieldPlus } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useTable } from '@tanstack/react-table';
import { fromPromise } from 'xstate';
import { roleEditorMachine } from '@machines/admin/role-editor.machine';
import { selectPermissionNames } from '@machines/session/session.selectors';
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
import { deleteRole, loadCatalogue, loadRole, loadRoles, saveRole, type RoleAnswer, type RoleSummary } from './api';
import { DeleteRoleDialog } from './DeleteRoleDialog';
import { RoleDrawer } from './RoleDrawer';

const column = columnsFor<RoleSummary>();

const editorMachine = roleEditorMachine.provide({
  actors: {
    loadCatalogue: fromPromise(() => loadCatalogue()),
    loadRole: fromPromise(({ input }) => loadRole(input.roleId)),
    saveRole: fromPromise(({ input }) => saveRole(input)),
  },
});

export default function RolesPage() {
  const intl = useIntl();
  const permissions = useSession(selectPermissionNames);
  const can = (p: string) => permissions.includes(p);
  const roles = useList<RoleSummary>(loadRoles, { pageSize: 20 });
  const [search, setSearch] = useState('');
  const editor = useActorRef(editorMachine);
  const editingExisting = useSelector(editor, (s) => s.context.roleId !== null);
  // Where the users of a deleted role can go: every role, whatever the search shows.
  const allRoles = useList<RoleSummary>(loadRoles, { pageSize: 100 });

  useEffect(() => {
    const subscription = editor.on('saved', (event) => {
      const answer = event.role as RoleAnswer;
      notify.success(messageText(answer.code, answer.message ?? ''));
      roles.reload();
      allRoles.reload();
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);

  // Searching as one types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((roles.filters.search ?? '') !== search) roles.search({ search });
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const remove = useDialog<RoleSummary, RoleAnswer>(
    (role, values) => deleteRole(role._id, values.reassign_to as string | undefined),
    (answer) => {
      notify.success(messageText(answer.code, answer.message ?? ''));
      roles.reload();
      allRoles.reload();
    },
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: () => <FormattedMessage id="roles.fields.name" />,
          cell: ({ row }) => (
            <HStack gap="2">
              {row.original.is_admin && <LuShieldCheck aria-hidden />}
              <Text fontWeight="medium">
                <Name>{row.original.name}</Name>
              </Text>
              {row.original.is_admin && (
                <Badge size="sm" colorPalette="brand">
                  <FormattedMessage id="roles.admin_role" />
                </Badge>
              )}
            </HStack>
          ),
        }),
        column.accessor('user_count', {
          header: () => <FormattedMessage id="roles.columns.users" />,
          cell: ({ getValue }) => intl.formatNumber(getValue()),
        }),
        column.accessor('permission_count', {
          header: () => <FormattedMessage id="roles.columns.permissions" />,
          cell: ({ getValue }) => intl.formatNumber(getValue()),
        }),
        column.accessor('updated_at', {
          header: () => <FormattedMessage id="roles.columns.updated" />,
          cell: ({ getValue }) => (
            <Text fontSize="sm" whiteSpace="nowrap">
              <FormattedDate value={getValue()} dateStyle="medium" />
            </Text>
          ),
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="admin.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) => {
            const role = row.original;
            const items: RowMenuItem[] = [{ value: 'open', label: can('update_roles_and_permissions') ? 'admin.actions.edit' : 'admin.actions.view', onSelect: () => editor.send({ type: 'OPEN', roleId: role._id }) }];
            if (can('delete_roles_and_permissions') && !role.is_admin) items.push({ value: 'delete', label: 'admin.actions.delete', onSelect: () => remove.show(role), danger: true });
            return <RowMenu label={intl.formatMessage({ id: 'roles.actions.menu' }, { name: role.name })} testId={`role-actions-${role.name}`} itemTestId="role-action" items={items} />;
          },
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [permissions.join(','), intl],
  );

  const table = useTable({ features: appTableFeatures, columns, data: roles.rows, getRowId: (r) => r._id });
  const searching = Boolean(roles.filters.search?.trim());

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.roles_management" />}
        description={<FormattedMessage id="roles.description" />}
        actions={
          can('create_roles_and_permissions') && (
            <Button colorPalette="brand" onClick={() => editor.send({ type: 'CREATE' })} data-testid="create-role">
              <LuPlus /> <FormattedMessage id="roles.actions.create" />
            </Button>
          )
        }
      />
      <Card.Root>
        <Card.Body gap="5">
          <InputGroup startElement={<LuSearch />} maxW="sm">
            <Input
              type="search"
              name="role_search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={intl.formatMessage({ id: 'roles.search_placeholder' })}
              aria-label={intl.formatMessage({ id: 'roles.search_placeholder' })}
            />
          </InputGroup>
          {roles.failed && <ServerError message={roles.error?.message ?? null} code={roles.error?.code} />}
          <DataTable
            table={table}
            loading={roles.loading}
            loaded={roles.loaded}
            label={intl.formatMessage({ id: 'nav.item.roles_management' })}
            testId="roles-table"
            onRowClick={(role) => editor.send({ type: 'OPEN', roleId: role._id })}
            empty={
              <EmptyMessage
                testId="roles-empty"
                icon={<LuShieldPlus />}
                title={<FormattedMessage id="roles.empty.title" />}
                description={<FormattedMessage id={searching ? 'roles.empty.filtered' : 'roles.empty.none'} />}
                action={
                  searching ? (
                    <Button size="sm" variant="outline" onClick={() => setSearch('')}>
                      <FormattedMessage id="admin.actions.clear_search" />
                    </Button>
                  ) : undefined
                }
              />
            }
          />
          <Pager page={roles.page} pageSize={roles.pageSize} total={roles.total} onPage={roles.goTo} />
        </Card.Body>
      </Card.Root>
      <RoleDrawer editor={editor} canEdit={editingExisting ? can('update_roles_and_permissions') : can('create_roles_and_permissions')} />
      <DeleteRoleDialog dialog={remove} roles={allRoles.rows} />
    </Stack>
  );
}

