/** The header: organisation, language, and the user's menu (settings, sign out). */
import { Avatar, Box, Button, Flex, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { selectOrganisation, selectUser } from '@machines/session/session.selectors';
import type { AuthState } from '@common/session';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Name } from '../../components/Name';
import { FeedbackButton } from './FeedbackButton';
import { NotificationBell } from './NotificationBell';
import '../sessionSync';
import { api } from '../../lib/api';
import { sessionActor } from '../session';
import { useSession } from '../useSession';

export function Header() {
  const user = useSession(selectUser);
  const organisation = useSession(selectOrganisation);
  const [, navigate] = useLocation();
  return (
    <Flex as="header" bg="white" borderBottomWidth="1px" px="6" py="3" align="center" justify="space-between" position="sticky" top="0" zIndex="docked">
      <Text fontWeight="semibold" color="fg.muted" data-testid="organisation-name">
        <Name>{organisation?.name}</Name>
      </Text>
      <HStack gap="4">
        <FeedbackButton />
        <NotificationBell />
        <LanguageSwitch
          onChosen={(language) =>
            // Keep the choice with the user, so it follows them to another browser.
            api.post<AuthState>('/update-profile', { language }).then((session) => sessionActor.send({ type: 'SESSION_UPDATED', session }), () => undefined)
          }
        />
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <Button variant="ghost" size="sm" data-testid="user-menu">
              <Avatar.Root size="xs" colorPalette="brand">
                <Avatar.Fallback name={user?.name} />
              </Avatar.Root>
              <Box as="span" display={{ base: 'none', lg: 'inline' }}>
                <Name>{user?.name}</Name>
              </Box>
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.Item value="settings" onClick={() => navigate('/settings')}>
                  <FormattedMessage id="shell.settings" />
                </Menu.Item>
                <Menu.Item value="logout" data-testid="logout" onClick={() => sessionActor.send({ type: 'LOGOUT' })}>
                  <FormattedMessage id="shell.logout" />
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </HStack>
    </Flex>
  );
}
