/**
 * /api-keys (view_api): the organisation's API keys, by name, with the first characters of each key (never
 * the key), when it was made and by whom, when it expires ("Expired" once past) and when it was last used;
 * the page lives in the address. Generating a key (create_api_key) asks for a name, a validity and the
 * password and shows the whole key once; deleting one (delete_api_key) asks for a confirmation and the
 * password. Without a permission the action is shown disabled with the reason. Both dialogs are statecharts
 * (machines/api-keys).
 */
import { Badge, Button, Card, Code, Stack, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { LuKeyRound, LuPlus } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { ApiKeyView } from '@common/api-keys';
import { API_KEY_PAGE_SIZE, listQuery, searchFromView, viewFromSearch, type ApiKeysView } from '@machines/api-keys/address';
import { keyDeletionMachine } from '@machines/api-keys/key-deletion.machine';
import { keyGeneratorMachine } from '@machines/api-keys/key-generator.machine';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { useSession } from '../../app/useSession';
import { ActorStamp } from '../../components/ActorStamp';
import { DeniedTooltip } from '../../components/DeniedTooltip';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { Pager } from '../../components/table/Pager';
import { RowMenu } from '../../components/table/RowMenu';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { deleteKey, generateKey, type ApiKeyPage } from './api';
import { DeleteKeyDialog } from './DeleteKeyDialog';
import { GenerateKeyDialog, RevealedKeyDialog } from './GenerateKeyDialog';

const column = columnsFor<ApiKeyView>();

const generatorMachine = keyGeneratorMachine.provide({ actors: { generate: fromPromise(({ input }) => generateKey(input)) } });
const deletionMachine = keyDeletionMachine.provide({ actors: { remove: fromPromise(({ input }) => deleteKey(input)) } });

function useAddress() {
  const address = useSearch();
  const [, navigate] = useLocation();
  const view = useMemo(() => viewFromSearch(address), [address]);
  const go = useCallback(
    (next: ApiKeysView) => {
      const q = searchFromView(next);
      navigate(`/api-keys${q ? `?${q}` : ''}`);
    },
    [navigate],
  );
  return { view, go };
}

function When({ value }: { value: string }) {
  return <FormattedDate value={value} dateStyle="medium" timeStyle="short" />;
}

export default function ApiKeysPage() {
  const intl = useIntl();
  const permissions = useSession(selectPermissionNames);
  const canCreate = permissions.includes('create_api_key');
  const canDelete = permissions.includes('delete_api_key');
  const { view, go } = useAddress();
  const list = useResource<ApiKeyPage>('/api-keys', listQuery(view));
  const generator = useActorRef(generatorMachine, { inspect });
  const deletion = useActorRef(deletionMachine, { inspect });
  const reload = list.reload;

  useEffect(() => {
    const generated = generator.on('generated', (event) => {
      notify.success(messageText(event.answer.code, event.answer.message ?? '', event.answer.values));
      reload();
    });
    const deleted = deletion.on('deleted', (event) => {
      notify.success(messageText(event.answer.code, event.answer.message ?? ''));
      reload();
    });
    return () => {
      generated.unsubscribe();
      deleted.unsubscribe();
    };
  }, [generator, deletion, reload]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: () => <FormattedMessage id="api_keys.columns.name" />,
          cell: ({ row }) => (
            <Text fontWeight="medium" data-testid="api-key-name">
              <Name>{row.original.name}</Name>
            </Text>
          ),
        }),
        column.accessor('prefix', {
          header: () => <FormattedMessage id="api_keys.columns.key" />,
          cell: ({ row }) => (
            <Code dir="ltr" fontSize="xs" whiteSpace="nowrap" data-testid="api-key-prefix">
              {`${row.original.prefix}…`}
            </Code>
          ),
        }),
        column.accessor('created_at', {
          header: () => <FormattedMessage id="api_keys.columns.created" />,
          cell: ({ row }) => <ActorStamp by={row.original.created_by} at={row.original.created_at} unknown="api_keys.unknown_user" />,
        }),
        column.accessor('expires_at', {
          header: () => <FormattedMessage id="api_keys.columns.expires" />,
          cell: ({ row }) => (
            <Stack gap="1" fontSize="sm" align="start">
              <Text whiteSpace="nowrap" color={row.original.expired ? 'fg.muted' : undefined}>
                <When value={row.original.expires_at} />
              </Text>
              {row.original.expired && (
                <Badge size="sm" colorPalette="red" variant="subtle" data-testid="api-key-expired">
                  <FormattedMessage id="api_keys.expired" />
                </Badge>
              )}
            </Stack>
          ),
        }),
        column.accessor('last_used_at', {
          header: () => <FormattedMessage id="api_keys.columns.last_used" />,
          cell: ({ row }) => (
            <Text fontSize="sm" whiteSpace="nowrap" color={row.original.last_used_at ? undefined : 'fg.muted'} data-testid="api-key-last-used">
              {row.original.last_used_at ? <When value={row.original.last_used_at} /> : <FormattedMessage id="api_keys.never" />}
            </Text>
          ),
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="admin.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) =>
            // Without delete_api_key the only action is hidden: an empty menu would offer nothing.
            canDelete ? (
              <RowMenu
                label={intl.formatMessage({ id: 'api_keys.actions.menu' }, { name: row.original.name })}
                testId={`api-key-actions-${row.original.name}`}
                itemTestId="api-key-action"
                items={[{ value: 'delete', label: 'admin.actions.delete', onSelect: () => deletion.send({ type: 'OPEN', key: row.original }), danger: true }]}
              />
            ) : null,
        }),
      ]),
    [canDelete, intl, deletion],
  );

  const rows = list.data?.data ?? [];
  const table = useTable({ features: appTableFeatures, columns, data: rows, getRowId: (k) => k._id });
  const generateButton = (size: 'sm' | 'md') => (
    <DeniedTooltip denied={!canCreate} reason={<FormattedMessage id="api_keys.denied.create" />}>
      <Button size={size} colorPalette="brand" disabled={!canCreate} onClick={() => generator.send({ type: 'OPEN' })} data-testid={size === 'md' ? 'generate-api-key' : undefined}>
        <LuPlus /> <FormattedMessage id="api_keys.actions.generate" />
      </Button>
    </DeniedTooltip>
  );

  return (
    <Stack gap="0">
      <PageHeader title={<FormattedMessage id="nav.item.api_keys" />} description={<FormattedMessage id="api_keys.description" />} actions={generateButton('md')} />
      <Card.Root>
        <Card.Body gap="5">
          {list.error && <ServerError message={list.error.message} code={list.error.code} />}
          <DataTable
            table={table}
            loading={list.loading}
            loaded={list.data !== null}
            label={intl.formatMessage({ id: 'nav.item.api_keys' })}
            testId="api-keys-table"
            empty={
              <EmptyMessage
                testId="api-keys-empty"
                icon={<LuKeyRound />}
                title={<FormattedMessage id="api_keys.empty.title" />}
                description={<FormattedMessage id="api_keys.empty.description" />}
                action={generateButton('sm')}
              />
            }
          />
          <Pager page={view.page} pageSize={API_KEY_PAGE_SIZE} total={list.data?.total ?? 0} onPage={(page) => go({ page })} />
        </Card.Body>
      </Card.Root>
      <GenerateKeyDialog generator={generator} />
      <RevealedKeyDialog generator={generator} />
      <DeleteKeyDialog deletion={deletion} />
    </Stack>
  );
}
