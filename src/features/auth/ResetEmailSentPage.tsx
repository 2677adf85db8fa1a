import { Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { AuthLayout } from './AuthLayout';
import { BackToSignIn } from './BackToSignIn';

export default function ResetEmailSentPage() {
  return (
    <AuthLayout title={<FormattedMessage id="auth.reset_sent.title" />}>
      <Text>
        <FormattedMessage id="auth.reset_sent.body" />
      </Text>
      <BackToSignIn colorPalette="brand" variant="outline" />
    </AuthLayout>
  );
}
