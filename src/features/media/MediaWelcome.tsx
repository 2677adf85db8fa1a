/**
 * Media Watcher's first-visit welcome (spec section 9: its flag is one of the two local storage entries kept
 * on logout): what the area does and what a search costs, shown once per browser until dismissed.
 */
import { Button, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { STORAGE_KEYS } from '@common/constants';
import { storage } from '../../lib/storage';

export function MediaWelcome() {
  const [open, setOpen] = useState(() => !storage.welcomeSeen(STORAGE_KEYS.mediaWatcherWelcome));
  const dismiss = () => {
    storage.rememberWelcome(STORAGE_KEYS.mediaWatcherWelcome);
    setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && dismiss()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="media-welcome">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="media.welcome.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  <FormattedMessage id="media.welcome.intro" />
                </Text>
                <List.Root gap="1.5" ps="5" fontSize="sm">
                  <List.Item>
                    <FormattedMessage id="media.welcome.point_keywords" />
                  </List.Item>
                  <List.Item>
                    <FormattedMessage id="media.welcome.point_credits" />
                  </List.Item>
                  <List.Item>
                    <FormattedMessage id="media.welcome.point_cases" />
                  </List.Item>
                </List.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={dismiss} data-testid="media-welcome-dismiss">
                <FormattedMessage id="media.welcome.dismiss" />
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
