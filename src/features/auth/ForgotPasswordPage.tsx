import { Button, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Redirect } from 'wouter';
import { fromPromise } from 'xstate';
import type { MessageId } from '@common/messages';
import { validateEmail } from '@common/validation';
import { formMachine } from '@machines/forms/form.machine';
import { FormField } from '../../components/FormField';
import { ServerError } from '../../components/ServerError';
import { api } from '../../lib/api';
import { AuthLayout } from './AuthLayout';

const forgotPassword = formMachine.provide({
  actors: { submit: fromPromise(({ input }) => api.post('/forgot-password', input)) },
});

export default function ForgotPasswordPage() {
  const [state, send] = useMachine(forgotPassword);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<MessageId | null>(null);

  if (state.hasTag('succeeded')) return <Redirect to="/reset-email-sent" />;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = validateEmail(email);
    setError(invalid);
    if (!invalid) send({ type: 'SUBMIT', values: { email: email.trim() } });
  };

  return (
    <AuthLayout title={<FormattedMessage id="auth.forgot.title" />} subtitle={<FormattedMessage id="auth.forgot.subtitle" />}>
      <ServerError message={state.context.error} code={state.context.errorCode} />
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormField label={<FormattedMessage id="auth.fields.email" />} error={error} required>
            <Input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={state.hasTag('busy')} width="full">
            <FormattedMessage id="auth.forgot.submit" />
          </Button>
        </Stack>
      </form>
      <Text fontSize="sm" textAlign="center">
        <ChakraLink asChild colorPalette="brand">
          <Link href="/login">
            <FormattedMessage id="auth.back_to_login" />
          </Link>
        </ChakraLink>
      </Text>
    </AuthLayout>
  );
}
