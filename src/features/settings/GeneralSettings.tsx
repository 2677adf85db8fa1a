/** General settings: the name (person-name rules of section 5), the language, and e-mail notifications (update-profile). */
import { Button, HStack, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import type { Language } from '@common/enums';
import type { MessageId } from '@common/messages';
import type { AuthState } from '@common/session';
import { validatePersonName } from '@common/validation';
import { formMachine } from '@machines/forms/form.machine';
import { selectUser } from '@machines/session/session.selectors';
import { FormField } from '../../components/FormField';
import { LANGUAGE_OPTIONS } from '../../components/LanguageSwitch';
import { Select } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { api } from '../../lib/api';
import { isLanguage, messageById, setLanguage, useLanguage } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { sessionActor } from '../../app/session';
import { useSession } from '../../app/useSession';
import { SettingsSection } from './SettingsSection';

const profileForm = formMachine.provide({
  actors: { submit: fromPromise(({ input }) => api.post<AuthState>('/update-profile', input)) },
});

export function GeneralSettings() {
  const intl = useIntl();
  const user = useSession(selectUser);
  const current = useLanguage();
  const [state, send] = useMachine(profileForm);
  const [name, setName] = useState(user?.name ?? '');
  const [language, setChosen] = useState<Language>(isLanguage(user?.language) ? user.language : current);
  const [emailNotifications, setEmailNotifications] = useState(user?.email_notifications ?? true);
  const [error, setError] = useState<MessageId | null>(null);

  useEffect(() => {
    if (!state.hasTag('succeeded')) return;
    const session = state.context.result as AuthState;
    sessionActor.send({ type: 'SESSION_UPDATED', session });
    if (isLanguage(session.user.language)) setLanguage(session.user.language);
    notify.success(messageById('profile_updated'));
    send({ type: 'RESET' });
  }, [state, send]);

  const dirty = name !== user?.name || language !== (isLanguage(user?.language) ? user.language : current) || emailNotifications !== user?.email_notifications;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = validatePersonName(name);
    setError(invalid);
    if (!invalid) send({ type: 'SUBMIT', values: { name, language, email_notifications: emailNotifications } });
  };

  return (
    <SettingsSection title={<FormattedMessage id="settings.general.title" />} description={<FormattedMessage id="settings.general.description" />} testId="settings-general">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label={<FormattedMessage id="users.fields.name" />} error={error} required>
              <Input name="name" autoComplete="name" value={name} onChange={(e) => (setName(e.target.value), setError(null))} />
            </FormField>
            <FormField label={<FormattedMessage id="users.fields.email" />} helper={<FormattedMessage id="settings.general.email_fixed" />}>
              <Input name="email" value={user?.email ?? ''} disabled dir="ltr" />
            </FormField>
            <FormField label={<FormattedMessage id="shell.language" />}>
              <Select name="language" aria-label={intl.formatMessage({ id: 'shell.language' })} value={language} onChange={(e) => setChosen(e.currentTarget.value as Language)} options={LANGUAGE_OPTIONS} />
            </FormField>
          </SimpleGrid>
          <Switch.Root checked={emailNotifications} onCheckedChange={(d) => setEmailNotifications(d.checked)} colorPalette="brand">
            <Switch.HiddenInput name="email_notifications" />
            <Switch.Control />
            <Switch.Label>
              <Stack gap="0">
                <Text>
                  <FormattedMessage id="settings.general.email_notifications" />
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  <FormattedMessage id="settings.general.email_notifications_hint" />
                </Text>
              </Stack>
            </Switch.Label>
          </Switch.Root>
          <ServerError message={state.context.error} code={state.context.errorCode} />
          <HStack justify="flex-end">
            <Button type="submit" colorPalette="brand" loading={state.hasTag('busy')} disabled={!dirty} data-testid="save-general">
              <FormattedMessage id="admin.actions.save" />
            </Button>
          </HStack>
        </Stack>
      </form>
    </SettingsSection>
  );
}
