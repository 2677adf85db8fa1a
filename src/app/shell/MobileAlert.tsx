/** Below 768 px the app asks for a desktop or laptop, and blocks the page (section 2). */
import { Box, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { MOBILE_BREAKPOINT_PX } from '@common/constants';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function useIsNarrow() {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
  );
}

export function MobileAlert() {
  const narrow = useIsNarrow();
  if (!narrow) return null;
  return (
    <Box position="fixed" inset="0" zIndex="max" bg="white" role="alertdialog" aria-modal="true" data-testid="mobile-alert">
      <Center h="full" px="6">
        <Stack gap="3" textAlign="center" maxW="sm">
          <Heading size="lg">
            <FormattedMessage id="shell.mobile.title" />
          </Heading>
          <Text color="fg.muted">
            <FormattedMessage id="shell.mobile.body" />
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
