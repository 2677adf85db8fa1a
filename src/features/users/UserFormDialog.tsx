/**
 * Adding a user (name, company e-mail, role; an invitation is e-mailed) or editing one (name, e-mail, role).
 * A changed e-mail is confirmed by its owner through a mailed link before it becomes the sign-in name.
 */
import { Input, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '@common/messages';
import { validateEmail, validatePersonName } from '@common/validation';
import { ActionDialog } from '../../components/ActionDialog';
import { FormField } from '../../components/FormField';
import { Select, promptedOptions } from '../../components/Select';
import type { useDialog } from '../../components/useDialog';
import type { AdminUser, RoleOption } from './api';

type Dialog = ReturnType<typeof useDialog<AdminUser | null>>;

const FIELDS = ['name', 'email', 'role_id'] as const;
type Field = (typeof FIELDS)[number];

export function UserFormDialog({ dialog, roles, canGiveAdminRole }: { dialog: Dialog; roles: RoleOption[]; canGiveAdminRole: boolean }) {
  const intl = useIntl();
  const editing = dialog.target;
  const [values, setValues] = useState({ name: '', email: '', role_id: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, MessageId | null>>>({});

  // Each opening starts from the user being edited, or from blank with the most common choice of role.
  useEffect(() => {
    if (!dialog.open) return;
    const fallbackRole = roles.find((r) => !r.is_admin)?._id ?? '';
    setValues(editing ? { name: editing.name, email: editing.email, role_id: editing.role._id } : { name: '', email: '', role_id: fallbackRole });
    setErrors({});
  }, [dialog.open, editing, roles]);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: null }));
    dialog.edited();
  };

  const submit = () => {
    const next = {
      name: validatePersonName(values.name),
      email: validateEmail(values.email),
      role_id: values.role_id ? null : ('role_required' as MessageId),
    };
    setErrors(next);
    if (next.name || next.email || next.role_id) return;
    const email = values.email.trim();
    if (!editing) return dialog.submit({ name: values.name, email, role_id: values.role_id });
    const emailChanged = email.toLowerCase() !== editing.email.toLowerCase();
    dialog.submit({ user_id: editing._id, name: values.name, role_id: values.role_id, ...(emailChanged ? { email } : {}) });
  };

  // A server error about one field shows under that field; anything else above the buttons.
  const serverField = FIELDS.find((f) => f === dialog.errorField);
  const fieldError = (field: Field) => errors[field] ?? (serverField === field ? (dialog.error.code as MessageId | null) : null);
  const roleChoices = roles.filter((r) => canGiveAdminRole || !r.is_admin || r._id === editing?.role._id);

  return (
    <ActionDialog
      open={dialog.open}
      busy={dialog.busy}
      title={<FormattedMessage id={editing ? 'users.form.edit_title' : 'users.form.create_title'} />}
      submitLabel={<FormattedMessage id={editing ? 'admin.actions.save' : 'users.form.create_submit'} />}
      error={serverField ? undefined : dialog.error}
      onSubmit={submit}
      onClose={dialog.close}
      testId="user-form"
    >
      <FormField label={<FormattedMessage id="users.fields.name" />} error={fieldError('name')} required>
        <Input name="name" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} data-autofocus />
      </FormField>
      <FormField
        label={<FormattedMessage id="users.fields.email" />}
        error={fieldError('email')}
        required
        helper={<FormattedMessage id={editing ? 'users.form.email_change_hint' : 'users.form.email_hint'} />}
      >
        <Input name="email" type="email" autoComplete="off" value={values.email} onChange={(e) => set('email', e.target.value)} />
      </FormField>
      <FormField label={<FormattedMessage id="users.fields.role" />} error={fieldError('role_id')} required>
        <Select
          name="role_id"
          aria-label={intl.formatMessage({ id: 'users.fields.role' })}
          value={values.role_id}
          onChange={(e) => set('role_id', e.currentTarget.value)}
          options={promptedOptions(intl.formatMessage({ id: 'users.form.choose_role' }), roleChoices)}
        />
      </FormField>
      {!editing && (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="users.form.invitation_note" />
        </Text>
      )}
    </ActionDialog>
  );
}
