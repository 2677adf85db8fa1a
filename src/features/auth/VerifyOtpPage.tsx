import { Button, Center, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Redirect } from 'wouter';
import type { MessageId } from '@common/messages';
import { validateOtpCode } from '@common/validation';
import { selectChallenge, selectIsBusy } from '@machines/session/session.selectors';
import { FormField } from '../../components/FormField';
import { SessionError } from './SessionError';
import { storage } from '../../lib/storage';
import { sessionActor } from '../../app/session';
import { useSession } from '../../app/useSession';
import { AuthLayout } from './AuthLayout';
import { useGoHomeOnSignIn } from './useGoHomeOnSignIn';

export default function VerifyOtpPage() {
  const challenge = useSession(selectChallenge);
  const busy = useSession(selectIsBusy);
  const waiting = useSession((s) => s.matches('twoFactor'));
  const checking = useSession((s) => s.matches('checkingChallenge'));
  const method = challenge?.authentication_type ?? 'email';
  useGoHomeOnSignIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<MessageId | null>(null);
  useState(() => {
    // A reload of this page: the challenge survives in local storage until it is answered.
    const stored = storage.otpToken();
    if (sessionActor.getSnapshot().matches('signedOut') && stored) sessionActor.send({ type: 'RESUME_OTP', otp_token: stored });
  });

  useEffect(() => setCode(''), [method]);

  if (checking) {
    return (
      <Center minH="100vh">
        <Spinner size="lg" />
      </Center>
    );
  }
  if (!waiting) return <Redirect to="/login" />;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = validateOtpCode(code);
    setError(invalid);
    if (!invalid) sessionActor.send({ type: 'SUBMIT_CODE', code: code.trim() });
  };

  return (
    <AuthLayout
      title={<FormattedMessage id="auth.otp.title" />}
      subtitle={
        method === 'app' ? (
          <FormattedMessage id="auth.otp.subtitle_app" />
        ) : (
          // The address keeps its own (left-to-right) direction inside a right-to-left sentence.
          <FormattedMessage id="auth.otp.subtitle_email" values={{ email: <bdi dir="ltr">{challenge?.email ?? ''}</bdi> }} />
        )
      }
    >
      <SessionError />
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormField label={<FormattedMessage id="auth.otp.code" />} error={error} required>
            <Input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              letterSpacing="0.4em"
              fontSize="xl"
              textAlign="center"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              autoFocus
            />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={<FormattedMessage id="auth.otp.submit" />} width="full">
            <FormattedMessage id="auth.otp.submit" />
          </Button>
        </Stack>
      </form>
      <HStack justify="space-between">
        <Button variant="ghost" size="sm" onClick={() => sessionActor.send({ type: 'CANCEL' })}>
          <FormattedMessage id="auth.otp.cancel" />
        </Button>
        {(method === 'email' || challenge?.can_use_email) && (
          <Button variant="ghost" size="sm" colorPalette="brand" onClick={() => sessionActor.send({ type: 'RESEND_CODE' })} disabled={busy}>
            {method === 'email' ? <FormattedMessage id="auth.otp.resend" /> : <FormattedMessage id="auth.otp.use_email" />}
          </Button>
        )}
      </HStack>
      {method === 'email' && (
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id="auth.otp.email_hint" />
        </Text>
      )}
    </AuthLayout>
  );
}
