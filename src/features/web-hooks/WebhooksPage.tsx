/**
 * /web-hooks (view_webhooks): the organisation's web hooks with their endpoint, type, status (disabled with
 * the reason), last delivery and creation; the page, and the delivery log opened in a drawer, live in the
 * address. Registering, sending a test, enabling and disabling need create_webhooks, deleting needs
 * delete_webhooks; without them the actions are shown disabled with the reason or left out of the row's menu.
 * The register dialog and the one-click actions are statecharts (machines/web-hooks); the delete
 * confirmation is the shared dialog statechart.
 */
import { Alert, Badge, Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { LuInfo, LuPlus, LuSend, LuWebhook } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { DeliveryDetail, WebhookView } from '@common/webhooks';
import { listQuery, logQuery, searchFromView, viewFromSearch, WEBHOOK_PAGE_SIZE, type WebhooksView } from '@machines/web-hooks/address';
import { webhookActionsMachine } from '@machines/web-hooks/webhook-actions.machine';
import { selectIsBusy, selectIsRunning } from '@machines/web-hooks/webhook-actions.selectors';
import { webhookEditorMachine } from '@machines/web-hooks/webhook-editor.machine';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { useSession } from '../../app/useSession';
import { ActorStamp } from '../../components/ActorStamp';
import { ActionDialog } from '../../components/ActionDialog';
import { DeniedTooltip } from '../../components/DeniedTooltip';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { Pager } from '../../components/table/Pager';
import { RowMenu, type RowMenuItem } from '../../components/table/RowMenu';
import { useDialog } from '../../components/useDialog';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { createWebhook, deleteWebhook, runAction, type Answer, type DeliveryPage, type WebhookPage } from './api';
import { DeliveryDrawer } from './DeliveryDrawer';
import { DeliveryStatusBadge, retrySchedule, WebhookStatusBadge } from './labels';
import { WebhookDialog } from './WebhookDialog';

const column = columnsFor<WebhookView>();

const editorMachine = webhookEditorMachine.provide({ actors: { create: fromPromise(({ input }) => createWebhook(input)) } });
const actionsMachine = webhookActionsMachine.provide({ actors: { run: fromPromise(({ input }) => runAction(input)) } });

const announce = (answer: Answer) => notify.success(messageText(answer.code, answer.message ?? '', answer.values));

function useAddress() {
  const address = useSearch();
  const [, navigate] = useLocation();
  const view = useMemo(() => viewFromSearch(address), [address]);
  const go = useCallback(
    (next: WebhooksView) => {
      const q = searchFromView(next);
      navigate(`/web-hooks${q ? `?${q}` : ''}`);
    },
    [navigate],
  );
  return { view, go };
}

export default function WebhooksPage() {
  const intl = useIntl();
  const permissions = useSession(selectPermissionNames);
  const canCreate = permissions.includes('create_webhooks');
  const canDelete = permissions.includes('delete_webhooks');
  const { view, go } = useAddress();
  const list = useResource<WebhookPage>('/webhook', listQuery(view));
  const deliveries = useResource<DeliveryPage>(view.webhook ? `/webhook/${encodeURIComponent(view.webhook)}/deliveries` : null, logQuery(view));
  const detail = useResource<DeliveryDetail>(view.delivery ? `/webhook-delivery/${encodeURIComponent(view.delivery)}` : null);
  const editor = useActorRef(editorMachine, { inspect });
  const actions = useActorRef(actionsMachine, { inspect });
  const busy = useSelector(actions, selectIsBusy);
  const running = useSelector(actions, (s) => s.context.running);
  const replaying = useSelector(actions, (s) => (view.delivery ? selectIsRunning(s, 'replay', view.delivery) : false));
  const { reload: reloadList } = list;
  const { reload: reloadDeliveries } = deliveries;
  const { reload: reloadDetail } = detail;

  useEffect(() => {
    const created = editor.on('created', (event) => {
      announce(event.answer);
      reloadList();
    });
    // A test or a replay adds a delivery and changes the last delivery of the row; enabling or disabling changes the row.
    const done = actions.on('done', (event) => {
      announce(event.answer);
      reloadList();
      reloadDeliveries();
      if (event.action.kind === 'replay') reloadDetail();
    });
    const failed = actions.on('failed', (event) => notify.error(messageText(event.error.code, event.error.message, event.error.values ?? undefined)));
    return () => {
      created.unsubscribe();
      done.unsubscribe();
      failed.unsubscribe();
    };
  }, [editor, actions, reloadList, reloadDeliveries, reloadDetail]);

  const remove = useDialog<WebhookView, Answer>(
    (webhook) => deleteWebhook(webhook._id),
    (answer, webhook) => {
      announce(answer);
      if (view.webhook === webhook._id) go({ ...view, webhook: null, logPage: 1, delivery: null });
      reloadList();
    },
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: () => <FormattedMessage id="web_hooks.columns.name" />,
          cell: ({ row }) => (
            <Text fontWeight="medium" minW="36" data-testid="webhook-name">
              <Name>{row.original.name}</Name>
            </Text>
          ),
        }),
        column.accessor('endpoint', {
          header: () => <FormattedMessage id="web_hooks.columns.endpoint" />,
          cell: ({ row }) => (
            <Text fontSize="sm" dir="ltr" textAlign="start" maxW="64" truncate title={row.original.endpoint}>
              {row.original.endpoint}
            </Text>
          ),
        }),
        column.accessor('type', {
          header: () => <FormattedMessage id="web_hooks.columns.type" />,
          cell: ({ row }) => (
            <Badge size="sm" variant="outline">
              <FormattedMessage id={`web_hooks.type.${row.original.type}`} />
            </Badge>
          ),
        }),
        column.accessor('status', {
          header: () => <FormattedMessage id="web_hooks.columns.status" />,
          cell: ({ row }) => <WebhookStatusBadge webhook={row.original} />,
        }),
        column.accessor('last_delivery', {
          header: () => <FormattedMessage id="web_hooks.columns.last_delivery" />,
          cell: ({ row }) => {
            const last = row.original.last_delivery;
            if (!last) {
              return (
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage id="web_hooks.no_delivery" />
                </Text>
              );
            }
            return (
              <Stack gap="1" align="start" data-testid="webhook-last-delivery">
                <DeliveryStatusBadge status={last.status} />
                <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                  <FormattedDate value={last.at} dateStyle="medium" timeStyle="short" />
                </Text>
              </Stack>
            );
          },
        }),
        column.accessor('created_at', {
          header: () => <FormattedMessage id="web_hooks.columns.created" />,
          cell: ({ row }) => <ActorStamp by={row.original.created_by} at={row.original.created_at} unknown="web_hooks.unknown_user" />,
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="admin.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) => {
            const webhook = row.original;
            const active = webhook.status === 'active';
            const items = [
              { value: 'deliveries', label: 'web_hooks.actions.deliveries', onSelect: () => go({ ...view, webhook: webhook._id, logPage: 1, delivery: null }) },
              canCreate && active && { value: 'disable', label: 'web_hooks.actions.disable', onSelect: () => actions.send({ type: 'RUN', action: { kind: 'disable', id: webhook._id } }) },
              canCreate && !active && { value: 'enable', label: 'web_hooks.actions.enable', onSelect: () => actions.send({ type: 'RUN', action: { kind: 'enable', id: webhook._id } }) },
              canDelete && { value: 'delete', label: 'admin.actions.delete', onSelect: () => remove.show(webhook), danger: true },
            ].filter(Boolean) as RowMenuItem[];
            const testing = running?.kind === 'test' && running.id === webhook._id;
            return (
              <HStack gap="1" justify="flex-end">
                {canCreate && (
                  <Button
                    size="xs"
                    variant="outline"
                    loading={testing}
                    // A disabled endpoint is sent nothing, a test included: enable it first.
                    disabled={busy || !active}
                    onClick={() => actions.send({ type: 'RUN', action: { kind: 'test', id: webhook._id } })}
                    aria-label={intl.formatMessage({ id: 'web_hooks.actions.test_named' }, { name: webhook.name })}
                    data-testid={`webhook-test-${webhook.name}`}
                  >
                    <LuSend /> <FormattedMessage id="web_hooks.actions.test" />
                  </Button>
                )}
                <RowMenu label={intl.formatMessage({ id: 'web_hooks.actions.menu' }, { name: webhook.name })} testId={`webhook-actions-${webhook.name}`} itemTestId="webhook-action" items={items} />
              </HStack>
            );
          },
        }),
      ]),
    // The columns close over the permissions, the language, the address and the action on its way.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canCreate, canDelete, intl, view, busy, running],
  );

  const rows = list.data?.data ?? [];
  const table = useTable({ features: appTableFeatures, columns, data: rows, getRowId: (w) => w._id });
  const logOf = rows.find((w) => w._id === view.webhook) ?? null;
  const pending = remove.target;
  const registerButton = (size: 'sm' | 'md') => (
    <DeniedTooltip denied={!canCreate} reason={<FormattedMessage id="web_hooks.denied.create" />}>
      <Button size={size} colorPalette="brand" disabled={!canCreate} onClick={() => editor.send({ type: 'OPEN' })} data-testid={size === 'md' ? 'create-webhook' : undefined}>
        <LuPlus /> <FormattedMessage id="web_hooks.actions.create" />
      </Button>
    </DeniedTooltip>
  );

  return (
    <Stack gap="0">
      <PageHeader title={<FormattedMessage id="nav.item.web_hooks" />} description={<FormattedMessage id="web_hooks.description" />} actions={registerButton('md')} />
      <Card.Root>
        <Card.Body gap="5">
          <HStack align="start" gap="2" color="fg.muted" fontSize="sm" data-testid="webhook-retry-help">
            <LuInfo aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text>{retrySchedule(intl)}</Text>
          </HStack>
          {list.data?.has_secret_key === false && (
            <Alert.Root status="warning" data-testid="webhook-secret-missing">
              <Alert.Indicator />
              <Alert.Description>
                <FormattedMessage
                  id="web_hooks.secret_missing"
                  values={{
                    settings: (chunks) => (
                      <Link asChild color="brand.fg" textDecoration="underline">
                        <RouterLink href="/settings">{chunks}</RouterLink>
                      </Link>
                    ),
                  }}
                />
              </Alert.Description>
            </Alert.Root>
          )}
          {list.error && <ServerError message={list.error.message} code={list.error.code} />}
          <DataTable
            table={table}
            loading={list.loading}
            loaded={list.data !== null}
            label={intl.formatMessage({ id: 'nav.item.web_hooks' })}
            testId="webhooks-table"
            empty={
              <EmptyMessage
                testId="webhooks-empty"
                icon={<LuWebhook />}
                title={<FormattedMessage id="web_hooks.empty.title" />}
                description={<FormattedMessage id="web_hooks.empty.description" />}
                action={registerButton('sm')}
              />
            }
          />
          <Pager page={view.page} pageSize={WEBHOOK_PAGE_SIZE} total={list.data?.total ?? 0} onPage={(page) => go({ ...view, page })} />
        </Card.Body>
      </Card.Root>

      <WebhookDialog editor={editor} />

      <DeliveryDrawer
        view={view}
        go={go}
        webhook={logOf}
        deliveries={deliveries}
        detail={detail}
        canReplay={canCreate}
        replaying={replaying}
        busy={busy}
        onReplay={(delivery) => actions.send({ type: 'RUN', action: { kind: 'replay', id: delivery._id } })}
      />

      <ActionDialog
        open={remove.open}
        busy={remove.busy}
        tone="danger"
        size="sm"
        title={pending && <FormattedMessage id="web_hooks.delete.title" values={{ name: <Name>{pending.name}</Name> }} />}
        submitLabel={<FormattedMessage id="web_hooks.delete.submit" />}
        error={remove.error}
        onSubmit={() => remove.submit()}
        onClose={remove.close}
        testId="webhook-delete"
      >
        <Text>
          <FormattedMessage id="web_hooks.delete.body" />
        </Text>
      </ActionDialog>
    </Stack>
  );
}
