/** /token-expired: the link is expired or wrong; say what to do next. */
import { Button, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { AuthLayout } from './AuthLayout';
import { BackToSignIn } from './BackToSignIn';

export default function TokenExpiredPage() {
  const isReset = new URLSearchParams(useSearch()).get('token') === 'reset';
  return (
    <AuthLayout title={<FormattedMessage id="auth.token_expired.title" />}>
      <Text data-testid="token-expired-body">
        <FormattedMessage id={isReset ? 'auth.token_expired.reset_body' : 'auth.token_expired.setup_body'} />
      </Text>
      <Stack gap="3">
        {isReset && (
          <Button asChild colorPalette="brand">
            <Link href="/forgot-password">
              <FormattedMessage id="auth.token_expired.new_link" />
            </Link>
          </Button>
        )}
        <BackToSignIn variant="outline" />
      </Stack>
    </AuthLayout>
  );
}
