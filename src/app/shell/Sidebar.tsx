/** The sidebar menu of section 2: only the items the access rules allow (section 6). */
import { Box, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { visibleMenu } from '@common/access';
import { selectAccessContext } from '@machines/session/session.selectors';
import { Logo } from '../../components/Logo';
import { useSession } from '../useSession';

export function Sidebar() {
  const intl = useIntl();
  const access = useSession(selectAccessContext);
  const [location] = useLocation();
  const groups = access ? visibleMenu(access) : [];
  return (
    <Box
      as="nav"
      aria-label={intl.formatMessage({ id: 'a11y.main_menu' })}
      data-testid="sidebar"
      width="64"
      flexShrink={0}
      bg="white"
      borderEndWidth="1px"
      minH="100vh"
      position="sticky"
      top="0"
      overflowY="auto"
      maxH="100vh"
      py="4"
    >
      <Box px="5" pb="4">
        <Logo />
      </Box>
      <Stack gap="4" px="3">
        {groups.map((group) => (
          <Box key={group.id}>
            {group.items.length > 1 || group.id !== group.items[0].id ? (
              <Text px="2" pb="1" fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted" letterSpacing="wide">
                <FormattedMessage id={`nav.group.${group.id}`} />
              </Text>
            ) : null}
            <Stack gap="0.5">
              {group.items.map((item) => {
                const active = location === item.path || location.startsWith(`${item.path}/`);
                return (
                  <Link
                    key={item.id}
                    href={item.path}
                    data-testid={`menu-${item.id}`}
                    aria-current={active ? 'page' : undefined}
                    style={{ textDecoration: 'none' }}
                  >
                    <Box
                      px="3"
                      py="2"
                      borderRadius="md"
                      fontSize="sm"
                      fontWeight={active ? 'semibold' : 'normal'}
                      bg={active ? 'brand.subtle' : 'transparent'}
                      color={active ? 'brand.fg' : 'fg'}
                      _hover={{ bg: active ? 'brand.subtle' : 'gray.100' }}
                    >
                      <FormattedMessage id={`nav.item.${item.id}`} />
                    </Box>
                  </Link>
                );
              })}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
