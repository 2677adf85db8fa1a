/** An API failure shown inline: the translated message when the code is known, else the server's text. */
import { Alert } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { messageText } from '../lib/i18n';

export function ServerError({ message, code, values }: { message: string | null; code?: string | null; values?: Record<string, string | number> | null }) {
  // Reading the intl context makes the message follow a language switch made while it is shown.
  useIntl();
  if (!message) return null;
  return (
    <Alert.Root status="error" data-testid="server-error">
      <Alert.Indicator />
      <Alert.Description>{messageText(code, message, values ?? undefined)}</Alert.Description>
    </Alert.Root>
  );
}
