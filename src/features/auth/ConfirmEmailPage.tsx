/**
 * /confirm-email?token: opened from the link mailed to a user's new address.
 * Confirming makes it the sign-in e-mail and ends the user's sessions, so the
 * page signs out locally too and leads to sign-in with the new address.
 */
import { HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearch } from 'wouter';
import { sessionActor } from '../../app/session';
import { ServerError } from '../../components/ServerError';
import type { ApiFailure } from '@machines/shared/api-failure';
import { api } from '../../lib/api';
import { AuthLayout } from './AuthLayout';
import { BackToSignIn } from './BackToSignIn';

type Outcome = { state: 'checking' } | { state: 'done'; email: string } | { state: 'failed'; failure: ApiFailure };

export default function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'checking' });

  useEffect(() => {
    let current = true;
    api
      .post<{ email: string }>('/confirm-email', { token })
      .then((answer) => {
        if (!current) return;
        if (sessionActor.getSnapshot().matches('signedIn')) sessionActor.send({ type: 'LOGOUT' });
        setOutcome({ state: 'done', email: answer.email });
      })
      .catch((failure: ApiFailure) => current && setOutcome({ state: 'failed', failure }));
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <AuthLayout title={<FormattedMessage id="auth.confirm_email.title" />}>
      <Stack gap="4" data-testid="confirm-email">
        {outcome.state === 'checking' && (
          <HStack gap="3">
            <Spinner size="sm" />
            <Text>
              <FormattedMessage id="auth.confirm_email.checking" />
            </Text>
          </HStack>
        )}
        {outcome.state === 'done' && (
          <Text data-testid="confirm-email-done">
            <FormattedMessage id="msg.email_changed" values={{ email: <bdi>{outcome.email}</bdi> }} />
          </Text>
        )}
        {outcome.state === 'failed' && <ServerError message={outcome.failure.message} code={outcome.failure.code} />}
        {outcome.state !== 'checking' && <BackToSignIn colorPalette="brand" />}
      </Stack>
    </AuthLayout>
  );
}
