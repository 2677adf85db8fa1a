/**
 * The credits-expired dialog (section 8): no AML Screening credit is left; its
 * way on is to contact sales. Shown by Create New Case when a search is refused
 * and by Bulk Search when a batch cannot start or waits for credits; Media Search
 * shows it for Media Watcher credits with its own title and words.
 */
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { messageText } from '../lib/i18n';

/** Where "Contact sales" leads. */
export const SALES_ADDRESS = 'mailto:sales@open-aml.example?subject=AML%20Screening%20credits';

interface Props {
  open: boolean;
  onClose: () => void;
  onFollowUp: () => void;
  children?: ReactNode;
  /** Another kind of credit (Media Watcher): its title, message and explanation instead of AML Screening's. */
  title?: ReactNode;
  message?: ReactNode;
  body?: ReactNode;
}

export function CreditsExpiredDialog({ open, onClose, onFollowUp, children, title, message, body }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="credits-expired-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {title ?? <FormattedMessage id="cases.credits.title" />}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text fontWeight="medium">{message ?? messageText('search_limit', 'Your search limit has been reached.')}</Text>
                <Text color="fg.muted">{body ?? <FormattedMessage id="cases.credits.body" />}</Text>
                {children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <FormattedMessage id="cases.common.close" />
              </Button>
              <Button colorPalette="brand" onClick={onFollowUp} data-testid="contact-sales">
                <FormattedMessage id="cases.credits.contact_sales" />
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
