/** Creating or editing a role in a drawer: its name and its permissions (machines/admin/role-editor.machine.ts). */
import { Alert, Button, Center, CloseButton, Drawer, HStack, Input, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { MessageId } from '@common/messages';
import type { roleEditorMachine } from '@machines/admin/role-editor.machine';
import { selectIsConfirmingClose, selectIsFailed, selectIsLoading, selectIsOpen, selectIsSaving } from '@machines/admin/role-editor.selectors';
import { sameSelection } from '@machines/admin/permission-selection';
import { FormField } from '../../components/FormField';
import { ServerError } from '../../components/ServerError';
import { PermissionEditor } from './PermissionEditor';

type EditorRef = ActorRefFrom<typeof roleEditorMachine>;

export function RoleDrawer({ editor, canEdit }: { editor: EditorRef; canEdit: boolean }) {
  const intl = useIntl();
  const snapshot = useSelector(editor, (s) => s);
  const { context } = snapshot;
  const open = selectIsOpen(snapshot);
  const loading = selectIsLoading(snapshot);
  const saving = selectIsSaving(snapshot);
  const confirmingClose = selectIsConfirmingClose(snapshot);
  const isNew = context.roleId === null;
  const dirty = context.name.trim() !== context.originalName || !sameSelection(context.selected, context.originalSelected);
  const nameServerError = context.error?.field === 'name' ? (context.error.code as MessageId) : null;
  const label = (name: string) => intl.formatMessage({ id: `roles.permission.${name}`, defaultMessage: name });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    editor.send({ type: 'SAVE' });
  };

  return (
    <Drawer.Root open={open} size="lg" placement="end" onOpenChange={(d) => !d.open && !saving && editor.send({ type: 'CLOSE' })} closeOnInteractOutside={!saving}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="role-drawer">
            <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
              <Drawer.Header borderBottomWidth="1px">
                <Drawer.Title>
                  {isNew ? <FormattedMessage id="roles.editor.new_title" /> : context.originalName || <FormattedMessage id="roles.editor.edit_title" />}
                </Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                {loading ? (
                  <Center py="16">
                    <Spinner size="lg" color="brand.solid" />
                  </Center>
                ) : selectIsFailed(snapshot) ? (
                  <Stack gap="3">
                    <ServerError message={context.error?.message ?? null} code={context.error?.code} />
                    <Button alignSelf="flex-start" variant="outline" onClick={() => editor.send({ type: 'RETRY' })}>
                      <FormattedMessage id="admin.actions.retry" />
                    </Button>
                  </Stack>
                ) : (
                  <Stack gap="5">
                    <FormField label={<FormattedMessage id="roles.fields.name" />} error={context.nameError ?? nameServerError} required>
                      <Input
                        name="role_name"
                        value={context.name}
                        disabled={!canEdit || saving}
                        onChange={(e) => editor.send({ type: 'SET_NAME', name: e.target.value })}
                        placeholder={intl.formatMessage({ id: 'roles.fields.name_placeholder' })}
                      />
                    </FormField>
                    {!isNew && (
                      <Text fontSize="sm" color="fg.muted">
                        <FormattedMessage id="roles.editor.users" values={{ count: context.userCount }} />
                      </Text>
                    )}
                    {context.isAdmin && (
                      <Alert.Root status="info">
                        <Alert.Indicator />
                        <Alert.Description>
                          <FormattedMessage id="roles.editor.admin_note" />
                        </Alert.Description>
                      </Alert.Root>
                    )}
                    {(context.lastChange.added.length > 0 || context.lastChange.removed.length > 0) && (
                      <Alert.Root status="info" size="sm" data-testid="dependency-note">
                        <Alert.Indicator />
                        <Alert.Description>
                          {context.lastChange.added.length > 0 ? (
                            <FormattedMessage id="roles.editor.added_alongside" values={{ list: intl.formatList(context.lastChange.added.map(label)) }} />
                          ) : (
                            <FormattedMessage id="roles.editor.removed_alongside" values={{ list: intl.formatList(context.lastChange.removed.map(label)) }} />
                          )}
                        </Alert.Description>
                      </Alert.Root>
                    )}
                    {context.error && context.error.field !== 'name' && <ServerError message={context.error.message} code={context.error.code} />}
                    <PermissionEditor
                      catalogue={context.catalogue}
                      selected={context.selected}
                      adminRole={context.isAdmin}
                      readOnly={!canEdit || saving}
                      onToggle={(permission) => editor.send({ type: 'TOGGLE', permission })}
                      onToggleArea={(area) => editor.send({ type: 'TOGGLE_AREA', area })}
                    />
                  </Stack>
                )}
              </Drawer.Body>
              <Drawer.Footer borderTopWidth="1px">
                {confirmingClose ? (
                  <HStack width="full" justify="space-between" data-testid="discard-confirm">
                    <Text fontSize="sm" fontWeight="medium">
                      <FormattedMessage id="roles.editor.unsaved" />
                    </Text>
                    <HStack>
                      <Button variant="outline" onClick={() => editor.send({ type: 'KEEP_EDITING' })}>
                        <FormattedMessage id="roles.editor.keep_editing" />
                      </Button>
                      <Button colorPalette="red" onClick={() => editor.send({ type: 'DISCARD' })}>
                        <FormattedMessage id="roles.editor.discard" />
                      </Button>
                    </HStack>
                  </HStack>
                ) : (
                  <HStack width="full" justify="space-between">
                    <Button variant="ghost" disabled={!dirty || saving || isNew} onClick={() => editor.send({ type: 'RESET' })}>
                      <FormattedMessage id="roles.editor.reset" />
                    </Button>
                    <HStack>
                      <Button variant="outline" onClick={() => editor.send({ type: 'CLOSE' })} disabled={saving}>
                        <FormattedMessage id={canEdit ? 'admin.actions.cancel' : 'admin.actions.close'} />
                      </Button>
                      {canEdit && (
                        <Button type="submit" colorPalette="brand" loading={saving} disabled={loading || selectIsFailed(snapshot) || (!dirty && !isNew)} data-testid="role-save">
                          <FormattedMessage id={isNew ? 'roles.editor.create' : 'admin.actions.save'} />
                        </Button>
                      )}
                    </HStack>
                  </HStack>
                )}
              </Drawer.Footer>
            </form>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" disabled={saving} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
