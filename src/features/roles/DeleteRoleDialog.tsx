/** Deleting a role: a role in use first needs another role for its users (section 5/6 decision in docs/admin.md). */
import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '@common/messages';
import { ActionDialog } from '../../components/ActionDialog';
import { FormField } from '../../components/FormField';
import { Select, promptedOptions } from '../../components/Select';
import type { useDialog } from '../../components/useDialog';
import type { RoleSummary } from './api';

export function DeleteRoleDialog({ dialog, roles }: { dialog: ReturnType<typeof useDialog<RoleSummary>>; roles: RoleSummary[] }) {
  const intl = useIntl();
  const role = dialog.target;
  const [target, setTarget] = useState('');
  const [error, setError] = useState<MessageId | null>(null);
  const others = roles.filter((r) => r._id !== role?._id);
  const inUse = (role?.user_count ?? 0) > 0;

  useEffect(() => {
    if (dialog.open) {
      // The most likely destination: a role that is not the administrator's.
      setTarget(others.find((r) => !r.is_admin)?._id ?? '');
      setError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dialog.open]);

  const submit = () => {
    if (inUse && !target) return setError('reassign_role_invalid');
    dialog.submit(inUse ? { reassign_to: target } : {});
  };

  return (
    <ActionDialog
      open={dialog.open}
      busy={dialog.busy}
      tone="danger"
      size="sm"
      title={role && <FormattedMessage id="roles.delete.title" values={{ name: role.name }} />}
      submitLabel={<FormattedMessage id={inUse ? 'roles.delete.move_and_delete' : 'admin.actions.delete'} />}
      error={dialog.error}
      onSubmit={submit}
      onClose={dialog.close}
      testId="role-delete"
    >
      {inUse ? (
        <>
          <Text>
            <FormattedMessage id="roles.delete.in_use" values={{ count: role!.user_count, name: role!.name }} />
          </Text>
          <FormField label={<FormattedMessage id="roles.delete.move_to" />} error={error} required>
            <Select
              name="reassign_to"
              aria-label={intl.formatMessage({ id: 'roles.delete.move_to' })}
              value={target}
              onChange={(e) => {
                setTarget(e.currentTarget.value);
                setError(null);
                dialog.edited();
              }}
              options={promptedOptions(intl.formatMessage({ id: 'users.form.choose_role' }), others)}
            />
          </FormField>
        </>
      ) : (
        <Text>
          <FormattedMessage id="roles.delete.unused" values={{ name: role?.name ?? '' }} />
        </Text>
      )}
    </ActionDialog>
  );
}
