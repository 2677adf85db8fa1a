/** The report link just made, shown once with its period and expiry, to copy (the server keeps only its digest). */
import { Button, CloseButton, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UsageReportLink } from '@common/usage';
import { CopyButton } from '../../components/CopyButton';
import { dayText } from './labels';

export function ShareLinkDialog({ link, onClose }: { link: UsageReportLink | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog.Root
      open={link !== null}
      placement="center"
      size="lg"
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="usage-link-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="usage.link.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {link && (
                <Stack gap="3">
                  <Text fontSize="sm" color="fg.muted">
                    <FormattedMessage
                      id="usage.link.help"
                      values={{
                        from: dayText(intl, link.period.first_day, true),
                        to: dayText(intl, link.period.last_day, true),
                        expires: intl.formatDate(link.expires_at, { dateStyle: 'long' }),
                      }}
                    />
                  </Text>
                  <HStack gap="2" align="center">
                    <Code dir="ltr" fontSize="sm" px="3" py="2" flex="1" wordBreak="break-all" data-testid="usage-link">
                      {link.url}
                    </Code>
                    <CopyButton value={link.url} />
                  </HStack>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <FormattedMessage id="usage.link.close" />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'usage.link.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
