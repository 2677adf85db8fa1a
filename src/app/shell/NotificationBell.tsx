/**
 * The bell in the header with the unread count, and the notifications panel
 * (section 2: tabs All and Unread; section 9: relative times). Opening a
 * notification marks it read (edit-notification) and goes where it points.
 */
import { Badge, Box, Button, Center, Circle, Float, HStack, IconButton, Popover, Portal, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { LuBell, LuBellOff, LuCheckCheck } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { NotificationView } from '@common/notifications';
import type { NotificationTab } from '@machines/notifications/notifications.machine';
import { EmptyMessage } from '../../components/EmptyMessage';
import { isolated } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { notificationsActor } from './notifications.actor';
import { relativeTime } from '../../lib/relativeTime';

/** The current time, ticking once a minute, so "5 minutes ago" stays true while the panel is open. */
function useNow(intervalMs = 60_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function When({ at, now }: { at: string; now: number }) {
  const { unit, count } = relativeTime(at, now);
  const intl = useIntl();
  return (
    <Text asChild fontSize="xs" color="fg.muted">
      <time dateTime={at} title={intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' })}>
        <FormattedMessage id={`notifications.time.${unit}`} values={{ count }} />
      </time>
    </Text>
  );
}

function Entry({ item, now, onOpen }: { item: NotificationView; now: number; onOpen: (item: NotificationView) => void }) {
  return (
    <Box
      as="button"
      textAlign="start"
      width="full"
      px="4"
      py="3"
      borderBottomWidth="1px"
      bg={item.is_read ? 'transparent' : 'brand.subtle'}
      _hover={{ bg: 'gray.100' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' }}
      onClick={() => onOpen(item)}
      data-testid="notification-item"
      data-read={item.is_read}
    >
      <HStack align="flex-start" gap="3">
        <Circle size="2" mt="1.5" bg={item.is_read ? 'transparent' : 'brand.solid'} flexShrink={0} aria-hidden />
        <Stack gap="0.5" flex="1" minW="0">
          <Text fontSize="sm" fontWeight={item.is_read ? 'normal' : 'medium'}>
            <FormattedMessage id={`notification.${item.kind}`} defaultMessage={item.kind} values={isolated(item.params)} />
          </Text>
          <When at={item.created_at} now={now} />
        </Stack>
      </HStack>
    </Box>
  );
}

export function NotificationBell() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const now = useNow();
  const snapshot = useSelector(notificationsActor, (s) => s);
  const { items, unreadCount, tab, total, error } = snapshot.context;
  const loading = snapshot.matches({ on: 'loading' });
  const loadingMore = snapshot.matches({ on: 'loadingMore' });
  const failed = snapshot.matches({ on: 'failed' });

  // Opening the panel shows the latest, even if a push was missed while offline.
  useEffect(() => {
    if (open) notificationsActor.send({ type: 'RELOAD' });
  }, [open]);

  const openItem = (item: NotificationView) => {
    notificationsActor.send({ type: 'MARK_READ', id: item.id });
    if (item.link) {
      setOpen(false);
      navigate(item.link);
    }
  };

  const list = (
    <Box maxH="sm" overflowY="auto" data-testid="notification-list">
      {loading && items.length === 0 ? (
        <Center py="8">
          <Spinner color="brand.solid" />
        </Center>
      ) : failed ? (
        <Box p="4">
          <ServerError message={error?.message ?? null} code={error?.code} />
        </Box>
      ) : items.length === 0 ? (
        <Box py="6">
          <EmptyMessage
            testId="notifications-empty"
            icon={<LuBellOff />}
            title={<FormattedMessage id={tab === 'unread' ? 'notifications.empty.unread_title' : 'notifications.empty.all_title'} />}
            description={<FormattedMessage id={tab === 'unread' ? 'notifications.empty.unread_body' : 'notifications.empty.all_body'} />}
          />
        </Box>
      ) : (
        <>
          {items.map((item) => (
            <Entry key={item.id} item={item} now={now} onOpen={openItem} />
          ))}
          {items.length < total && (
            <Center py="2">
              <Button size="xs" variant="ghost" loading={loadingMore} onClick={() => notificationsActor.send({ type: 'LOAD_MORE' })}>
                <FormattedMessage id="notifications.load_more" />
              </Button>
            </Center>
          )}
        </>
      )}
    </Box>
  );

  return (
    <Popover.Root open={open} onOpenChange={(d) => setOpen(d.open)} positioning={{ placement: 'bottom-end' }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          position="relative"
          aria-label={intl.formatMessage({ id: 'notifications.bell' }, { count: unreadCount })}
          data-testid="notification-bell"
        >
          <LuBell />
          {unreadCount > 0 && (
            <Float placement="top-end" offset="2">
              <Badge size="xs" variant="solid" colorPalette="red" borderRadius="full" minW="4" justifyContent="center" data-testid="notification-count">
                {unreadCount > 99 ? '99+' : intl.formatNumber(unreadCount)}
              </Badge>
            </Float>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          {/* Named here: the panel mounts lazily, after the popover has looked for its title. */}
          <Popover.Content width={{ base: '90vw', sm: 'sm' }} data-testid="notification-panel" aria-label={intl.formatMessage({ id: 'notifications.title' })}>
            {/* A plain box, not <header>: a second banner landmark would compete with the page's header. */}
            <Popover.Header as="div" borderBottomWidth="1px" py="3">
              <HStack justify="space-between">
                <Popover.Title fontWeight="semibold">
                  <FormattedMessage id="notifications.title" />
                </Popover.Title>
                <Button size="xs" variant="ghost" colorPalette="brand" disabled={unreadCount === 0} onClick={() => notificationsActor.send({ type: 'MARK_ALL_READ' })} data-testid="mark-all-read">
                  <LuCheckCheck /> <FormattedMessage id="notifications.mark_all" />
                </Button>
              </HStack>
            </Popover.Header>
            <Tabs.Root value={tab} onValueChange={(d) => notificationsActor.send({ type: 'TAB', tab: d.value as NotificationTab })} size="sm" variant="line" colorPalette="brand">
              <Tabs.List px="2">
                <Tabs.Trigger value="all" data-testid="notifications-tab-all">
                  <FormattedMessage id="notifications.tabs.all" />
                </Tabs.Trigger>
                <Tabs.Trigger value="unread" data-testid="notifications-tab-unread">
                  <FormattedMessage id="notifications.tabs.unread" />
                  {unreadCount > 0 && (
                    <Badge size="xs" colorPalette="brand" variant="subtle">
                      {intl.formatNumber(unreadCount)}
                    </Badge>
                  )}
                </Tabs.Trigger>
              </Tabs.List>
              {/* One list serves both tabs: the machine loads the chosen tab's notifications. */}
              <Tabs.Content value="all" p="0">
                {tab === 'all' && list}
              </Tabs.Content>
              <Tabs.Content value="unread" p="0">
                {tab === 'unread' && list}
              </Tabs.Content>
            </Tabs.Root>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
