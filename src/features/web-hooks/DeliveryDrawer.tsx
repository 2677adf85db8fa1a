/**
 * A web hook's delivery log, in a drawer whose web hook, page and opened delivery live in the address
 * (machines/web-hooks/address.ts): every event sent to the endpoint with its status, attempts, the last
 * answer's status code and time, and when the next attempt is due. A delivery opens to show the signed
 * payload and each attempt (time, status code, duration, the start of the answer, the error), and can be
 * sent again ("Replay", create_webhooks).
 */
import { Box, Button, CloseButton, Code, Drawer, HStack, Portal, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { LuArrowLeft, LuInbox, LuRotateCw } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { DeliveryDetail, DeliveryView, WebhookView } from '@common/webhooks';
import { DELIVERY_PAGE_SIZE, type WebhooksView } from '@machines/web-hooks/address';
import type { Loaded } from '../../lib/useResource';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { Pager } from '../../components/table/Pager';
import type { DeliveryPage } from './api';
import { DeliveryStatusBadge, millis } from './labels';

const column = columnsFor<DeliveryView>();

function When({ value }: { value: string | null }) {
  if (!value) return <Text as="span" color="fg.muted">—</Text>;
  return <FormattedDate value={value} dateStyle="short" timeStyle="medium" />;
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box fontSize="sm">{children}</Box>
    </Stack>
  );
}

interface Props {
  view: WebhooksView;
  go: (next: WebhooksView) => void;
  /** The web hook of the log, when it is on the list's current page (its name and address head the drawer). */
  webhook: WebhookView | null;
  deliveries: Loaded<DeliveryPage>;
  detail: Loaded<DeliveryDetail>;
  canReplay: boolean;
  /** The replay of this delivery is on its way, or another action is (one at a time). */
  replaying: boolean;
  busy: boolean;
  onReplay: (delivery: DeliveryView) => void;
}

export function DeliveryDrawer({ view, go, webhook, deliveries, detail, canReplay, replaying, busy, onReplay }: Props) {
  const intl = useIntl();
  const open = view.webhook !== null;
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('event_type', {
          header: () => <FormattedMessage id="web_hooks.deliveries.columns.event" />,
          cell: ({ row }) => (
            <Code dir="ltr" fontSize="xs" whiteSpace="nowrap">
              {row.original.event_type}
            </Code>
          ),
        }),
        column.accessor('status', {
          header: () => <FormattedMessage id="web_hooks.deliveries.columns.status" />,
          cell: ({ row }) => <DeliveryStatusBadge status={row.original.status} />,
        }),
        column.accessor('attempts', {
          header: () => <FormattedMessage id="web_hooks.deliveries.columns.attempts" />,
          cell: ({ row }) => intl.formatNumber(row.original.attempts),
        }),
        column.accessor('last_status_code', {
          header: () => <FormattedMessage id="web_hooks.deliveries.columns.status_code" />,
          cell: ({ row }) => (row.original.last_status_code === null ? '—' : <Code fontSize="xs">{row.original.last_status_code}</Code>),
        }),
        column.accessor('last_duration_ms', {
          header: () => <FormattedMessage id="web_hooks.deliveries.columns.response_time" />,
          cell: ({ row }) => (row.original.last_duration_ms === null ? '—' : millis(intl, row.original.last_duration_ms)),
        }),
        column.accessor('created_at', {
          header: () => <FormattedMessage id="web_hooks.deliveries.columns.created" />,
          cell: ({ row }) => (
            <Text fontSize="sm" whiteSpace="nowrap">
              <When value={row.original.created_at} />
            </Text>
          ),
        }),
        column.accessor('next_attempt_at', {
          header: () => <FormattedMessage id="web_hooks.deliveries.columns.next_attempt" />,
          cell: ({ row }) => (
            <Text fontSize="sm" whiteSpace="nowrap">
              <When value={row.original.next_attempt_at} />
            </Text>
          ),
        }),
        column.display({
          id: 'open',
          header: () => <FormattedMessage id="admin.columns.actions" />,
          meta: { align: 'end' },
          // The row opens on a click too; the button is the way for a keyboard and a screen reader.
          cell: ({ row }) => (
            <Button size="xs" variant="ghost" onClick={(e) => (e.stopPropagation(), go({ ...view, delivery: row.original._id }))} data-testid="delivery-open">
              <FormattedMessage id="web_hooks.deliveries.open" />
            </Button>
          ),
        }),
      ]),
    [intl, go, view],
  );
  const rows = deliveries.data?.data ?? [];
  const table = useTable({ features: appTableFeatures, columns, data: rows, getRowId: (d) => d._id });
  const close = () => go({ ...view, webhook: null, logPage: 1, delivery: null });
  const opened = view.delivery ? detail.data : null;

  return (
    <Drawer.Root open={open} onOpenChange={(d) => !d.open && close()} size="xl">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="delivery-drawer">
            <Drawer.Header>
              <Stack gap="1" minW="0">
                <Drawer.Title>{webhook ? <FormattedMessage id="web_hooks.deliveries.title_named" values={{ name: <Name>{webhook.name}</Name> }} /> : <FormattedMessage id="web_hooks.deliveries.title" />}</Drawer.Title>
                {webhook && (
                  <Text fontSize="xs" color="fg.muted" dir="ltr" textAlign="start" truncate>
                    {webhook.endpoint}
                  </Text>
                )}
              </Stack>
            </Drawer.Header>
            <Drawer.Body>
              {view.delivery ? (
                <Stack gap="5" data-testid="delivery-detail">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Button size="sm" variant="ghost" onClick={() => go({ ...view, delivery: null })} data-testid="delivery-back">
                      <DirectionalIcon>
                        <LuArrowLeft />
                      </DirectionalIcon>
                      <FormattedMessage id="web_hooks.deliveries.back" />
                    </Button>
                    {canReplay && opened && (
                      <Button size="sm" variant="outline" colorPalette="brand" loading={replaying} disabled={busy} onClick={() => onReplay(opened)} data-testid="delivery-replay">
                        <LuRotateCw /> <FormattedMessage id="web_hooks.deliveries.replay" />
                      </Button>
                    )}
                  </HStack>
                  {detail.error && <ServerError message={detail.error.message} code={detail.error.code} />}
                  {!opened && !detail.error && <Skeleton height="40" />}
                  {opened && (
                    <>
                      <SimpleGrid columns={{ base: 2, md: 3 }} gap="4">
                        <Fact label={<FormattedMessage id="web_hooks.deliveries.columns.event" />}>
                          <Code dir="ltr" fontSize="xs">
                            {opened.event_type}
                          </Code>
                        </Fact>
                        <Fact label={<FormattedMessage id="web_hooks.deliveries.columns.status" />}>
                          <DeliveryStatusBadge status={opened.status} />
                        </Fact>
                        <Fact label={<FormattedMessage id="web_hooks.deliveries.event_id" />}>
                          <Code dir="ltr" fontSize="xs" wordBreak="break-all">
                            {opened.event_id}
                          </Code>
                        </Fact>
                        <Fact label={<FormattedMessage id="web_hooks.deliveries.columns.created" />}>
                          <When value={opened.created_at} />
                        </Fact>
                        <Fact label={<FormattedMessage id="web_hooks.deliveries.delivered_at" />}>
                          <When value={opened.delivered_at} />
                        </Fact>
                        <Fact label={<FormattedMessage id="web_hooks.deliveries.columns.next_attempt" />}>
                          <When value={opened.next_attempt_at} />
                        </Fact>
                      </SimpleGrid>
                      <Stack gap="2">
                        <Text as="h3" fontWeight="semibold" fontSize="sm">
                          <FormattedMessage id="web_hooks.deliveries.payload" />
                        </Text>
                        <Box as="pre" dir="ltr" textAlign="left" fontSize="xs" fontFamily="mono" bg="bg.muted" rounded="l2" p="3" overflow="auto" maxH="64" data-testid="delivery-payload" tabIndex={0}>
                          {JSON.stringify(opened.payload, null, 2)}
                        </Box>
                      </Stack>
                      <Stack gap="2">
                        <Text as="h3" fontWeight="semibold" fontSize="sm">
                          <FormattedMessage id="web_hooks.deliveries.attempt_log" />
                        </Text>
                        <Box overflowX="auto">
                          <Table.Root size="sm" variant="line" aria-label={intl.formatMessage({ id: 'web_hooks.deliveries.attempt_log' })} data-testid="delivery-attempts">
                            <Table.Header>
                              <Table.Row bg="gray.50">
                                {['attempt', 'time', 'status_code', 'duration', 'response', 'error'].map((h) => (
                                  <Table.ColumnHeader key={h} color="fg.muted" fontSize="xs" textTransform="uppercase" whiteSpace="nowrap">
                                    <FormattedMessage id={`web_hooks.attempts.${h}`} />
                                  </Table.ColumnHeader>
                                ))}
                              </Table.Row>
                            </Table.Header>
                            <Table.Body>
                              {opened.attempt_log.map((a) => (
                                <Table.Row key={a.attempt} data-testid="attempt-row">
                                  <Table.Cell>{intl.formatNumber(a.attempt)}</Table.Cell>
                                  <Table.Cell whiteSpace="nowrap">
                                    <When value={a.at} />
                                  </Table.Cell>
                                  <Table.Cell>{a.status_code === null ? '—' : <Code fontSize="xs">{a.status_code}</Code>}</Table.Cell>
                                  <Table.Cell whiteSpace="nowrap">{millis(intl, a.duration_ms)}</Table.Cell>
                                  <Table.Cell>
                                    {a.response_excerpt ? (
                                      <Text as="span" dir="ltr" fontFamily="mono" fontSize="xs" lineClamp={3} maxW="48" wordBreak="break-all" title={a.response_excerpt}>
                                        {a.response_excerpt}
                                      </Text>
                                    ) : (
                                      '—'
                                    )}
                                  </Table.Cell>
                                  <Table.Cell>
                                    {a.error ? (
                                      <Text as="span" dir="ltr" fontSize="xs" color="fg.error" wordBreak="break-word">
                                        {a.error}
                                      </Text>
                                    ) : (
                                      '—'
                                    )}
                                  </Table.Cell>
                                </Table.Row>
                              ))}
                            </Table.Body>
                          </Table.Root>
                        </Box>
                      </Stack>
                    </>
                  )}
                </Stack>
              ) : (
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">
                    <FormattedMessage id="web_hooks.deliveries.description" />
                  </Text>
                  {deliveries.error && <ServerError message={deliveries.error.message} code={deliveries.error.code} />}
                  <DataTable
                    table={table}
                    loading={deliveries.loading}
                    loaded={deliveries.data !== null}
                    label={intl.formatMessage({ id: 'web_hooks.deliveries.title' })}
                    testId="deliveries-table"
                    onRowClick={(d) => go({ ...view, delivery: d._id })}
                    empty={<EmptyMessage testId="deliveries-empty" icon={<LuInbox />} title={<FormattedMessage id="web_hooks.deliveries.empty" />} />}
                  />
                  <Pager page={view.logPage} pageSize={DELIVERY_PAGE_SIZE} total={deliveries.data?.total ?? 0} onPage={(logPage) => go({ ...view, logPage })} />
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'web_hooks.deliveries.close' })} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
