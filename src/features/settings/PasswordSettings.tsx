/** Changing the password: the current one is required; other sessions of the user are signed out (update-profile). */
import { Button, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { fromPromise } from 'xstate';
import type { MessageId } from '@common/messages';
import type { AuthState } from '@common/session';
import { validatePassword } from '@common/validation';
import { formMachine } from '@machines/forms/form.machine';
import { FormField } from '../../components/FormField';
import { ServerError } from '../../components/ServerError';
import { api } from '../../lib/api';
import { messageById } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { sessionActor } from '../../app/session';
import { SettingsSection } from './SettingsSection';

const passwordForm = formMachine.provide({
  actors: { submit: fromPromise(({ input }) => api.post<AuthState>('/update-profile', input)) },
});

type Errors = { current?: MessageId | null; next?: MessageId | null; confirm?: MessageId | null };

export function PasswordSettings() {
  const [state, send] = useMachine(passwordForm);
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!state.hasTag('succeeded')) return;
    sessionActor.send({ type: 'SESSION_UPDATED', session: state.context.result as AuthState });
    notify.success(messageById('password_updated'));
    setValues({ current: '', next: '', confirm: '' });
    send({ type: 'RESET' });
  }, [state, send]);

  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key]: null }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      current: values.current ? null : 'password_required',
      next: validatePassword(values.next),
      confirm: values.confirm === values.next ? null : 'passwords_differ',
    };
    setErrors(next);
    if (!next.current && !next.next && !next.confirm) send({ type: 'SUBMIT', values: { current_password: values.current, new_password: values.next } });
  };

  // A wrong current password is about that field.
  const currentError = errors.current ?? (state.context.errorCode === 'password_incorrect' ? 'password_incorrect' : null);

  return (
    <SettingsSection title={<FormattedMessage id="settings.password.title" />} description={<FormattedMessage id="settings.password.description" />} testId="settings-password">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label={<FormattedMessage id="settings.password.current" />} error={currentError} required>
              <Input type="password" name="current_password" autoComplete="current-password" value={values.current} onChange={set('current')} />
            </FormField>
            <FormField label={<FormattedMessage id="auth.fields.new_password" />} error={errors.next} helper={<FormattedMessage id="auth.fields.password_hint" />} required>
              <Input type="password" name="new_password" autoComplete="new-password" value={values.next} onChange={set('next')} />
            </FormField>
            <FormField label={<FormattedMessage id="auth.fields.confirm_password" />} error={errors.confirm} required>
              <Input type="password" name="confirm_password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} />
            </FormField>
          </SimpleGrid>
          {state.context.errorCode !== 'password_incorrect' && <ServerError message={state.context.error} code={state.context.errorCode} />}
          <HStack justify="flex-end">
            <Button type="submit" colorPalette="brand" loading={state.hasTag('busy')} data-testid="save-password">
              <FormattedMessage id="settings.password.submit" />
            </Button>
          </HStack>
        </Stack>
      </form>
    </SettingsSection>
  );
}
