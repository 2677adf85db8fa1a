/**
 * The web hook secret key (create-webhook-key): the organisation's key shown
 * masked; a new one needs the password and is shown once, in full, to copy.
 * After a rotation the previous key keeps signing for a grace period, whose
 * end is shown so receivers know how long they have to switch.
 * Without update_webhook_secret_key: 'Permission Denied'.
 */
import { Alert, Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { LuKeyRound, LuRefreshCw } from 'react-icons/lu';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { fromPromise } from 'xstate';
import { secretKeyMachine, type GeneratedKey, type SecretKeyInfo } from '@machines/settings/secret-key.machine';
import { selectCanGenerate, selectIsAskingPassword, selectIsDenied, selectIsFailed, selectIsGenerating, selectIsLoading, selectPreviousValidUntil } from '@machines/settings/secret-key.selectors';
import { WEBHOOK_SECRET_GRACE_HOURS } from '@common/webhooks';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { CopyButton } from '../../components/CopyButton';
import { ServerError } from '../../components/ServerError';
import { api } from '../../lib/api';
import { messageById, messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useSession } from '../../app/useSession';
import { PasswordDialog } from './PasswordDialog';
import { SettingsSection } from './SettingsSection';

const machine = secretKeyMachine.provide({
  actors: {
    loadKey: fromPromise(() => api.get<SecretKeyInfo>('/webhook-key')),
    generateKey: fromPromise(({ input }) => api.post<GeneratedKey>('/create-webhook-key', { password: input.password })),
  },
});

export function SecretKeySettings() {
  const permitted = useSession(selectPermissionNames).includes('update_webhook_secret_key');
  const actor = useActorRef(machine, { input: { permitted } });
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const asking = selectIsAskingPassword(snapshot);
  const previousUntil = selectPreviousValidUntil(snapshot);

  useEffect(() => {
    const subscription = actor.on('generated', (event) => notify.success(messageText(event.answer.code, event.answer.message ?? messageById('secret_key_updated'))));
    return () => subscription.unsubscribe();
  }, [actor]);

  let body;
  if (selectIsDenied(snapshot)) {
    body = (
      <Alert.Root status="warning" data-testid="secret-key-denied">
        <Alert.Indicator />
        <Alert.Description>{messageById('permission_denied')}</Alert.Description>
      </Alert.Root>
    );
  } else if (selectIsFailed(snapshot)) {
    body = (
      <Stack gap="3">
        <ServerError message={context.error?.message ?? null} code={context.error?.code} />
        <Button alignSelf="flex-start" variant="outline" size="sm" onClick={() => actor.send({ type: 'RETRY' })}>
          <FormattedMessage id="admin.actions.retry" />
        </Button>
      </Stack>
    );
  } else {
    const key = context.key;
    body = (
      <Stack gap="4">
        <HStack gap="3" wrap="wrap">
          <Box color="brand.solid">
            <LuKeyRound size="20" />
          </Box>
          {selectIsLoading(snapshot) ? (
            <Text color="fg.muted">…</Text>
          ) : key?.has_key ? (
            <Code dir="ltr" fontSize="md" px="3" py="1.5" data-testid="secret-key-masked">
              {key.masked_key}
            </Code>
          ) : (
            <Text color="fg.muted" data-testid="secret-key-none">
              <FormattedMessage id="settings.secret_key.none" />
            </Text>
          )}
          <Button size="sm" colorPalette="brand" variant={key?.has_key ? 'outline' : 'solid'} ms="auto" disabled={!selectCanGenerate(snapshot)} onClick={() => actor.send({ type: 'GENERATE' })} data-testid="secret-key-generate">
            <LuRefreshCw /> <FormattedMessage id={key?.has_key ? 'settings.secret_key.regenerate' : 'settings.secret_key.generate'} />
          </Button>
        </HStack>
        {key?.has_key && key.created_at && (
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage
              id="settings.secret_key.generated"
              values={{ date: <FormattedDate value={key.created_at} dateStyle="medium" timeStyle="short" />, name: key.created_by ?? '—' }}
            />
          </Text>
        )}
        {previousUntil && (
          <Alert.Root status="info" size="sm" data-testid="secret-key-grace">
            <Alert.Indicator />
            <Alert.Description>
              <FormattedMessage id="settings.secret_key.grace" values={{ time: <FormattedDate value={previousUntil} dateStyle="medium" timeStyle="short" /> }} />
            </Alert.Description>
          </Alert.Root>
        )}
        {snapshot.matches('revealed') && context.revealed && (
          <Alert.Root status="success" data-testid="secret-key-revealed">
            <Alert.Indicator />
            <Stack gap="2" flex="1">
              <Alert.Title>
                <FormattedMessage id="settings.secret_key.copy_now" />
              </Alert.Title>
              <HStack>
                <Code dir="ltr" fontSize="sm" px="2" py="1" wordBreak="break-all" data-testid="secret-key-full">
                  {context.revealed}
                </Code>
                <CopyButton value={context.revealed} />
              </HStack>
              <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => actor.send({ type: 'DISMISS' })}>
                <FormattedMessage id="settings.secret_key.done" />
              </Button>
            </Stack>
          </Alert.Root>
        )}
      </Stack>
    );
  }

  return (
    <SettingsSection title={<FormattedMessage id="settings.secret_key.title" />} description={<FormattedMessage id="settings.secret_key.description" />} testId="settings-secret-key">
      {body}
      <PasswordDialog
        open={asking}
        busy={selectIsGenerating(snapshot)}
        title={<FormattedMessage id="settings.secret_key.confirm_title" />}
        body={<FormattedMessage id="settings.secret_key.confirm_body" values={{ hours: WEBHOOK_SECRET_GRACE_HOURS }} />}
        submitLabel={<FormattedMessage id="settings.secret_key.generate" />}
        error={{ message: context.error?.code === 'password_incorrect' ? null : (context.error?.message ?? null), code: context.error?.code }}
        fieldError={context.inputError ?? (context.error?.code === 'password_incorrect' ? 'password_incorrect' : null)}
        onSubmit={(password) => actor.send({ type: 'SUBMIT_PASSWORD', password })}
        onClose={() => actor.send({ type: 'CANCEL' })}
        testId="secret-key-password"
      />
    </SettingsSection>
  );
}
