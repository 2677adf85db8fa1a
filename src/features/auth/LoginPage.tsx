import { Alert, Button, HStack, Input, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { MessageId } from '@common/messages';
import { validateEmail } from '@common/validation';
import { selectInTwoFactor, selectIsBusy } from '@machines/session/session.selectors';
import { formMachine } from '@machines/forms/form.machine';
import { FormField } from '../../components/FormField';
import { SessionError } from './SessionError';
import { api } from '../../lib/api';
import { messageText } from '../../lib/i18n';
import { sessionActor } from '../../app/session';
import { useSession } from '../../app/useSession';
import { AuthLayout } from './AuthLayout';
import { useGoHomeOnSignIn } from './useGoHomeOnSignIn';

const linkRequest = formMachine.provide({
  actors: { submit: fromPromise(({ input }) => api.post('/user-login', { email: input.email })) },
});

export default function LoginPage() {
  const intl = useIntl();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const busy = useSession(selectIsBusy);
  const inTwoFactor = useSession(selectInTwoFactor);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: MessageId | null; password?: MessageId | null }>({});
  useGoHomeOnSignIn();
  const [linkState, sendLink] = useMachine(linkRequest);

  useEffect(() => {
    if (inTwoFactor) navigate('/verify-otp');
  }, [inTwoFactor, navigate]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next = { email: validateEmail(email), password: password ? null : ('password_required' as MessageId) };
    setErrors(next);
    if (next.email || next.password) return;
    sessionActor.send({ type: 'LOGIN', email: email.trim(), password });
  };

  const requestLink = () => {
    const invalid = validateEmail(email);
    setErrors({ email: invalid });
    if (!invalid) sendLink({ type: 'SUBMIT', values: { email: email.trim() } });
  };

  return (
    <AuthLayout title={<FormattedMessage id="auth.login.title" />} subtitle={<FormattedMessage id="auth.login.subtitle" />}>
      {search.get('redirect') === 'session-expired' && (
        <Alert.Root status="warning" data-testid="session-expired-notice">
          <Alert.Indicator />
          <Alert.Description>
            <FormattedMessage id="auth.login.session_expired" />
          </Alert.Description>
        </Alert.Root>
      )}
      <SessionError />
      {linkState.hasTag('succeeded') && (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Description>{messageText('login_link_sent', '')}</Alert.Description>
        </Alert.Root>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormField label={<FormattedMessage id="auth.fields.email" />} error={errors.email} required>
            <Input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <FormField label={<FormattedMessage id="auth.fields.password" />} error={errors.password} required>
            <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <HStack justify="flex-end">
            <ChakraLink asChild colorPalette="brand" fontSize="sm">
              <Link href="/forgot-password">
                <FormattedMessage id="auth.login.forgot" />
              </Link>
            </ChakraLink>
          </HStack>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={<FormattedMessage id="auth.login.submit" />} width="full">
            <FormattedMessage id="auth.login.submit" />
          </Button>
        </Stack>
      </form>
      <Separator />
      <Stack gap="2" align="center">
        <Button variant="ghost" size="sm" onClick={requestLink} loading={linkState.hasTag('busy')}>
          <FormattedMessage id="auth.login.email_link" />
        </Button>
        <Text fontSize="sm">
          <FormattedMessage id="auth.login.no_account" />{' '}
          <ChakraLink asChild colorPalette="brand">
            <Link href="/signup">{intl.formatMessage({ id: 'auth.login.signup' })}</Link>
          </ChakraLink>
        </Text>
      </Stack>
    </AuthLayout>
  );
}
