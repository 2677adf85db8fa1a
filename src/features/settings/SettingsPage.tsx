/** /settings (no guard): general settings, password, two-factor sign-in, and the web hook secret key. */
import { Stack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { PageHeader } from '../../components/PageHeader';
import { GeneralSettings } from './GeneralSettings';
import { PasswordSettings } from './PasswordSettings';
import { SecretKeySettings } from './SecretKeySettings';
import { TwoFactorSettings } from './TwoFactorSettings';

export default function SettingsPage() {
  return (
    <Stack gap="0" maxW="5xl">
      <PageHeader title={<FormattedMessage id="shell.settings" />} description={<FormattedMessage id="settings.description" />} />
      <Stack gap="6">
        <GeneralSettings />
        <PasswordSettings />
        <TwoFactorSettings />
        <SecretKeySettings />
      </Stack>
    </Stack>
  );
}
