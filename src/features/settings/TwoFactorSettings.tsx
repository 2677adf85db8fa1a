/**
 * Two-factor sign-in from Settings: by e-mail and by authenticator app, each
 * switched on with a code (the app's secret shown as a QR code) and off with
 * the password (machines/settings/two-factor.machine.ts).
 */
import { Badge, Box, Button, Code, Flex, HStack, Image, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { LuMail, LuSmartphone } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import type { AuthState } from '@common/session';
import { twoFactorMachine, type StartAnswer, type TwoFactorMethod } from '@machines/settings/two-factor.machine';
import { selectIsCodeOpen, selectIsConfirming, selectIsDisabling, selectIsPasswordOpen, selectIsStarting } from '@machines/settings/two-factor.selectors';
import { selectUser } from '@machines/session/session.selectors';
import { ActionDialog } from '../../components/ActionDialog';
import { CopyButton } from '../../components/CopyButton';
import { FormField } from '../../components/FormField';
import { api } from '../../lib/api';
import { messageById } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { sessionActor } from '../../app/session';
import { useSession } from '../../app/useSession';
import { PasswordDialog } from './PasswordDialog';
import { SettingsSection } from './SettingsSection';

const CALLS: Record<TwoFactorMethod, string> = { email: '/configure-otp', app: '/configure-app-otp' };

const machine = twoFactorMachine.provide({
  actors: {
    start: fromPromise(({ input }) => api.post<StartAnswer>(CALLS[input.method], { action: 'start' })),
    confirm: fromPromise(({ input }) => api.post<AuthState>(CALLS[input.method], { action: 'confirm', code: input.code })),
    disable: fromPromise(({ input }) => api.post<AuthState>(CALLS[input.method], { action: 'disable', password: input.password })),
  },
});

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function MethodRow({ method }: { method: TwoFactorMethod }) {
  const intl = useIntl();
  const user = useSession(selectUser);
  const state = method === 'email' ? user?.email_2fa : user?.app_2fa;
  const actor = useActorRef(machine, { input: { method, enabled: Boolean(state?.is_enabled) } });
  const snapshot = useSelector(actor, (s) => s);
  const [code, setCode] = useState('');
  const { context } = snapshot;

  // The session is the truth (another tab may have changed it).
  useEffect(() => actor.send({ type: 'SYNC', enabled: Boolean(state?.is_enabled) }), [actor, state?.is_enabled]);

  useEffect(() => {
    const subscription = actor.on('changed', (event) => {
      sessionActor.send({ type: 'SESSION_UPDATED', session: event.session });
      notify.success(messageById(event.enabled ? 'two_factor_enabled' : 'two_factor_disabled'));
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const codeOpen = selectIsCodeOpen(snapshot);
  const passwordOpen = selectIsPasswordOpen(snapshot);
  useEffect(() => setCode(''), [codeOpen]);

  const Icon = method === 'email' ? LuMail : LuSmartphone;
  const secret = context.setup?.secret;

  return (
    <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" py="4" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} direction={{ base: 'column', md: 'row' }} data-testid={`two-factor-${method}`}>
      <HStack align="flex-start" gap="3">
        <Box color="brand.solid" mt="1">
          <Icon size="20" />
        </Box>
        <Stack gap="1">
          <HStack gap="2">
            <Text fontWeight="medium">
              <FormattedMessage id={`settings.two_factor.${method}.title`} />
            </Text>
            {context.enabled ? (
              <Badge colorPalette="green" data-testid={`two-factor-${method}-status`}>
                <FormattedMessage id="settings.two_factor.on" />
              </Badge>
            ) : (
              <Badge colorPalette="gray" data-testid={`two-factor-${method}-status`}>
                <FormattedMessage id="settings.two_factor.off" />
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id={`settings.two_factor.${method}.description`} />
          </Text>
          {context.enabled && state?.verified_at && (
            <Text fontSize="xs" color="fg.muted">
              <FormattedMessage id="settings.two_factor.since" values={{ date: <FormattedDate value={state.verified_at} dateStyle="medium" /> }} />
            </Text>
          )}
        </Stack>
      </HStack>
      {context.enabled ? (
        <Button variant="outline" colorPalette="red" size="sm" onClick={() => actor.send({ type: 'DISABLE' })} data-testid={`two-factor-${method}-disable`}>
          <FormattedMessage id="settings.two_factor.disable" />
        </Button>
      ) : (
        <Button colorPalette="brand" size="sm" loading={selectIsStarting(snapshot)} onClick={() => actor.send({ type: 'ENABLE' })} data-testid={`two-factor-${method}-enable`}>
          <FormattedMessage id="settings.two_factor.enable" />
        </Button>
      )}
      {snapshot.matches('idle') && context.error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {context.error.message}
        </Text>
      )}

      <ActionDialog
        open={codeOpen}
        busy={selectIsConfirming(snapshot)}
        title={<FormattedMessage id={`settings.two_factor.${method}.setup_title`} />}
        submitLabel={<FormattedMessage id="settings.two_factor.confirm" />}
        error={{ message: context.error?.message ?? null, code: context.error?.code }}
        onSubmit={() => actor.send({ type: 'SUBMIT_CODE', code })}
        onClose={() => actor.send({ type: 'CANCEL' })}
        testId={`two-factor-${method}-setup`}
      >
        {method === 'app' ? (
          <Stack gap="3">
            <Text fontSize="sm">
              <FormattedMessage id="settings.two_factor.app.scan" />
            </Text>
            {context.setup?.qr_code && (
              <Box alignSelf="center" p="2" borderWidth="1px" borderRadius="md" bg="white">
                <Image src={context.setup.qr_code} alt={intl.formatMessage({ id: 'settings.two_factor.app.qr_alt' })} boxSize="44" data-testid="two-factor-qr" />
              </Box>
            )}
            {secret && (
              <Stack gap="1">
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage id="settings.two_factor.app.manual" />
                </Text>
                <HStack>
                  <Code dir="ltr" fontSize="md" px="2" py="1" data-testid="two-factor-secret" data-secret={secret}>
                    {grouped(secret)}
                  </Code>
                  <CopyButton value={secret} />
                </HStack>
              </Stack>
            )}
          </Stack>
        ) : (
          <Text fontSize="sm">
            <FormattedMessage id="settings.two_factor.email.sent" values={{ email: user?.email ?? '' }} />
          </Text>
        )}
        <FormField label={<FormattedMessage id="settings.two_factor.code" />} error={context.inputError} required>
          <Input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            dir="ltr"
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            letterSpacing="0.3em"
            fontFamily="mono"
          />
        </FormField>
        {method === 'email' && (
          <Link as="button" fontSize="sm" colorPalette="brand" onClick={() => actor.send({ type: 'RESEND' })}>
            <FormattedMessage id="settings.two_factor.email.resend" />
          </Link>
        )}
      </ActionDialog>

      <PasswordDialog
        open={passwordOpen}
        busy={selectIsDisabling(snapshot)}
        tone="danger"
        title={<FormattedMessage id={`settings.two_factor.${method}.disable_title`} />}
        body={<FormattedMessage id="settings.two_factor.disable_body" />}
        submitLabel={<FormattedMessage id="settings.two_factor.disable" />}
        error={{ message: context.error?.message ?? null, code: context.error?.code }}
        fieldError={context.inputError}
        onSubmit={(password) => actor.send({ type: 'SUBMIT_PASSWORD', password })}
        onClose={() => actor.send({ type: 'CANCEL' })}
        testId={`two-factor-${method}-off`}
      />
    </Flex>
  );
}

export function TwoFactorSettings() {
  return (
    <SettingsSection title={<FormattedMessage id="settings.two_factor.title" />} description={<FormattedMessage id="settings.two_factor.description" />} testId="settings-two-factor">
      <Stack gap="0">
        <MethodRow method="email" />
        <MethodRow method="app" />
      </Stack>
    </SettingsSection>
  );
}
