import { Button, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { AuthLayout } from './AuthLayout';

export default function ResetEmailSentPage() {
  return (
    <AuthLayout title={<FormattedMessage id="auth.reset_sent.title" />}>
      <Text>
        <FormattedMessage id="auth.reset_sent.body" />
      </Text>
      <Button asChild colorPalette="brand" variant="outline">
        <Link href="/login">
          <FormattedMessage id="auth.back_to_login" />
        </Link>
      </Button>
    </AuthLayout>
  );
}
