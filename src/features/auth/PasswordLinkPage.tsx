/**
 * /reset-password?token and /setup-password?token. The page renders the
 * password-link statechart: verifying, the form, and where failures lead.
 */
import { Button, Center, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Redirect, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { MessageId } from '@common/messages';
import { validatePassword } from '@common/validation';
import { passwordLinkMachine, type LinkKind } from '@machines/password-link/password-link.machine';
import { FormField } from '../../components/FormField';
import { ServerError } from '../../components/ServerError';
import { api } from '../../lib/api';
import { messageById } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { notify } from '../../lib/toaster';
import { AuthLayout } from './AuthLayout';

const machine = passwordLinkMachine.provide({
  actors: {
    clearStorage: fromPromise(async () => storage.clearAllButKept()),
    verifyToken: fromPromise(({ input }) => api.post<{ email?: string }>('/verify-token', { token: input.token, type: input.kind })),
    savePassword: fromPromise(({ input }) => api.post(input.kind === 'reset' ? '/reset-password' : '/setup-password', { token: input.token, password: input.password })),
  },
});

export function PasswordLinkPage({ kind }: { kind: LinkKind }) {
  const token = new URLSearchParams(useSearch()).get('token');
  const [state, send] = useMachine(machine, { input: { kind, token } });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: MessageId | null; confirm?: MessageId | null }>({});

  const saved = state.matches('saved');
  useEffect(() => {
    if (saved) notify.success(messageById('password_updated'));
  }, [saved]);

  if (state.matches('tokenExpired')) {
    const query = kind === 'reset' ? `?token=reset&resetToken=${encodeURIComponent(token ?? '')}` : '?token=setup';
    return <Redirect to={`/token-expired${query}`} />;
  }
  if (state.matches('catchAll')) return <Redirect to="/login" />;
  if (saved) return <Redirect to="/login" />;
  if (!state.matches('ready') && !state.matches('saving')) {
    return (
      <Center minH="100vh">
        <Spinner size="lg" />
      </Center>
    );
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next = { password: validatePassword(password), confirm: confirm === password ? null : ('passwords_differ' as MessageId) };
    setErrors(next);
    if (!next.password && !next.confirm) send({ type: 'SAVE', password });
  };

  return (
    <AuthLayout
      title={<FormattedMessage id={kind === 'reset' ? 'auth.reset.title' : 'auth.setup.title'} />}
      subtitle={state.context.email ? <FormattedMessage id="auth.reset.for" values={{ email: state.context.email }} /> : undefined}
    >
      <ServerError message={state.context.error} code={state.context.errorCode} />
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormField label={<FormattedMessage id="auth.fields.new_password" />} error={errors.password} helper={<FormattedMessage id="auth.fields.password_hint" />} required>
            <Input type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <FormField label={<FormattedMessage id="auth.fields.confirm_password" />} error={errors.confirm} required>
            <Input type="password" name="confirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={state.matches('saving')} width="full">
            <FormattedMessage id={kind === 'reset' ? 'auth.reset.submit' : 'auth.setup.submit'} />
          </Button>
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="auth.reset.signed_out_everywhere" />
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
