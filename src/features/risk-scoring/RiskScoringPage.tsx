/**
 * /risk-scoring (view_risk_score_engine; not on the basic plan): the organisation's risk-scoring engines
 * with their thresholds, rules, version and whether one is the active engine (searches that choose no
 * engine use it); a search by title and the page live in the address; create, open, copy, make active or
 * not, delete after a confirmation.
 * Saving makes a new version; cases already decided keep the version they were decided with.
 */
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { LuGauge, LuPlus } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useTable } from '@tanstack/react-table';
import { fromPromise } from 'xstate';
import type { RiskEngineView } from '@common/risk-scoring';
import { engineEditorMachine } from '@machines/risk-scoring/engine-editor.machine';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { listQuery, TITLE_LIST_PAGE_SIZE } from '@machines/shared/title-search';
import { ActionDialog } from '../../components/ActionDialog';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name, isolated } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { TitleSearchForm, useTitleListAddress } from '../../components/TitleSearch';
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
import { useSession } from '../../app/useSession';
import { deleteEngine, duplicateEngine, loadEngine, saveEngine, setEngineActive, tryEngine, type EngineAnswer, type EnginePage } from './api';
import { EngineEditor } from './EngineEditor';

const column = columnsFor<RiskEngineView>();

const editorMachine = engineEditorMachine.provide({
  actors: {
    loadEngine: fromPromise(({ input }) => loadEngine(input.engineId)),
    tryEngine: fromPromise(({ input }) => tryEngine(input)),
    saveEngine: fromPromise(({ input }) => saveEngine(input)),
  },
});

/** A row action (copy, make active or not): the request, then its message and the list again. */
type RowAction = { kind: 'duplicate' | 'activate' | 'deactivate'; engine: RiskEngineView };
const runAction = ({ kind, engine }: RowAction) => (kind === 'duplicate' ? duplicateEngine(engine._id) : setEngineActive(engine._id, kind === 'activate'));

const succeeded = (answer: EngineAnswer) => notify.success(messageText(answer.code, answer.message ?? '', answer.values));

export default function RiskScoringPage() {
  const intl = useIntl();
  const permissions = useSession(selectPermissionNames);
  const can = (p: string) => permissions.includes(p);
  const { view, go } = useTitleListAddress('/risk-scoring');
  const engines = useResource<EnginePage>('/view-risk-score-engine', listQuery(view));
  const reload = engines.reload;
  const editor = useActorRef(editorMachine, { inspect });
  const editingExisting = useSelector(editor, (s) => s.context.engineId !== null);

  useEffect(() => {
    const subscription = editor.on('saved', (event) => {
      succeeded(event.answer as EngineAnswer);
      reload();
    });
    return () => subscription.unsubscribe();
  }, [editor, reload]);

  const remove = useDialog<RiskEngineView, EngineAnswer>(
    (engine) => deleteEngine(engine._id),
    (answer) => {
      succeeded(answer);
      reload();
    },
  );
  // Copying and switching the active engine need no confirmation (each is undone as easily): the answer's message, then the list again.
  const perform = async (action: RowAction) => {
    try {
      succeeded(await runAction(action));
    } catch (error) {
      const failure = error as { message?: string; code?: string };
      notify.error(messageText(failure.code, failure.message ?? String(error)));
    }
    reload();
  };

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          header: () => <FormattedMessage id="risk_scoring.fields.title" />,
          cell: ({ row }) => (
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium">
                <Name>{row.original.title}</Name>
              </Text>
              {row.original.is_active && (
                <Badge size="sm" colorPalette="green" variant="solid" data-testid="active-badge">
                  <FormattedMessage id="risk_scoring.active" />
                </Badge>
              )}
            </HStack>
          ),
        }),
        column.accessor('model_name', {
          header: () => <FormattedMessage id="risk_scoring.fields.model_name" />,
          cell: ({ getValue }) => <Name>{getValue()}</Name>,
        }),
        column.display({
          id: 'thresholds',
          header: () => <FormattedMessage id="risk_scoring.columns.thresholds" />,
          cell: ({ row }) => {
            const e = row.original;
            // Three values in the order of the header (low first), laid out in the page's direction.
            return (
              <HStack gap="1.5" fontSize="sm" whiteSpace="nowrap" fontVariantNumeric="tabular-nums" data-testid="engine-thresholds">
                <Text as="span">{e.low_threshold === null ? '—' : intl.formatNumber(e.low_threshold)}</Text>
                <Text as="span" color="fg.muted" aria-hidden>
                  /
                </Text>
                <Text as="span">{intl.formatNumber(e.medium_threshold)}</Text>
                <Text as="span" color="fg.muted" aria-hidden>
                  /
                </Text>
                <Text as="span">{intl.formatNumber(e.high_threshold)}</Text>
              </HStack>
            );
          },
        }),
        column.display({
          id: 'rules',
          header: () => <FormattedMessage id="risk_scoring.columns.rules" />,
          cell: ({ row }) => intl.formatNumber(row.original.rules.length),
        }),
        column.accessor('version', {
          header: () => <FormattedMessage id="risk_scoring.columns.version" />,
          cell: ({ getValue }) => (
            <Badge variant="outline" size="sm">
              <FormattedMessage id="risk_scoring.version" values={{ version: getValue() }} />
            </Badge>
          ),
        }),
        column.accessor('updated_at', {
          header: () => <FormattedMessage id="risk_scoring.columns.updated" />,
          cell: ({ row }) => (
            <Stack gap="0" fontSize="sm">
              <Text whiteSpace="nowrap">
                <FormattedDate value={row.original.updated_at} dateStyle="medium" timeStyle="short" />
              </Text>
              {row.original.updated_by && (
                <Text fontSize="xs" color="fg.muted">
                  <Name>{row.original.updated_by.name}</Name>
                </Text>
              )}
            </Stack>
          ),
        }),
        column.display({
          id: 'actions',
          header: () => <FormattedMessage id="admin.columns.actions" />,
          meta: { align: 'end' },
          cell: ({ row }) => {
            const engine = row.original;
            const items: RowMenuItem[] = [
              { value: 'open', label: can('update_risk_score_engine') ? 'admin.actions.edit' : 'admin.actions.view', onSelect: () => editor.send({ type: 'OPEN', engineId: engine._id }) },
            ];
            if (can('create_risk_score_engine')) items.push({ value: 'duplicate', label: 'risk_scoring.actions.duplicate', onSelect: () => void perform({ kind: 'duplicate', engine }) });
            if (can('update_risk_score_engine')) {
              items.push(
                engine.is_active
                  ? { value: 'deactivate', label: 'risk_scoring.actions.deactivate', onSelect: () => void perform({ kind: 'deactivate', engine }) }
                  : { value: 'activate', label: 'risk_scoring.actions.activate', onSelect: () => void perform({ kind: 'activate', engine }) },
              );
            }
            if (can('delete_risk_score_engine')) items.push({ value: 'delete', label: 'admin.actions.delete', onSelect: () => remove.show(engine), danger: true });
            return (
              <RowMenu
                label={intl.formatMessage({ id: 'risk_scoring.actions.menu' }, { title: engine.title })}
                testId={`engine-actions-${engine.title}`}
                itemTestId="engine-action"
                items={items}
              />
            );
          },
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [permissions.join(','), intl],
  );

  const rows = engines.data?.data ?? [];
  const table = useTable({ features: appTableFeatures, columns, data: rows, getRowId: (r) => r._id });
  const searching = view.search !== '';

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.risk_scoring" />}
        description={<FormattedMessage id="risk_scoring.description" />}
        actions={
          can('create_risk_score_engine') && (
            <Button colorPalette="brand" onClick={() => editor.send({ type: 'CREATE' })} data-testid="create-engine">
              <LuPlus /> <FormattedMessage id="risk_scoring.actions.create" />
            </Button>
          )
        }
      />
      <Card.Root>
        <Card.Body gap="5">
          <TitleSearchForm
            view={view}
            go={go}
            name="engine_search"
            label={intl.formatMessage({ id: 'risk_scoring.search_placeholder' })}
            placeholder={intl.formatMessage({ id: 'risk_scoring.search_placeholder' })}
          />
          {engines.error && <ServerError message={engines.error.message} code={engines.error.code} />}
          <DataTable
            table={table}
            loading={engines.loading}
            loaded={engines.data !== null}
            label={intl.formatMessage({ id: 'nav.item.risk_scoring' })}
            testId="engines-table"
            onRowClick={(engine) => editor.send({ type: 'OPEN', engineId: engine._id })}
            empty={
              <EmptyMessage
                testId="engines-empty"
                icon={<LuGauge />}
                title={<FormattedMessage id="risk_scoring.empty.title" />}
                description={<FormattedMessage id={searching ? 'risk_scoring.empty.filtered' : 'risk_scoring.empty.none'} />}
                action={
                  searching ? (
                    <Button size="sm" variant="outline" onClick={() => go({ search: '', page: 1 })}>
                      <FormattedMessage id="admin.actions.clear_search" />
                    </Button>
                  ) : can('create_risk_score_engine') ? (
                    <Button size="sm" colorPalette="brand" onClick={() => editor.send({ type: 'CREATE' })}>
                      <LuPlus /> <FormattedMessage id="risk_scoring.actions.create" />
                    </Button>
                  ) : undefined
                }
              />
            }
          />
          <Pager page={view.page} pageSize={TITLE_LIST_PAGE_SIZE} total={engines.data?.total ?? 0} onPage={(page) => go({ ...view, page })} />
        </Card.Body>
      </Card.Root>
      <EngineEditor editor={editor} canEdit={editingExisting ? can('update_risk_score_engine') : can('create_risk_score_engine')} />
      <ActionDialog
        open={remove.open}
        busy={remove.busy}
        tone="danger"
        title={<FormattedMessage id="risk_scoring.delete.title" />}
        submitLabel={<FormattedMessage id="admin.actions.delete" />}
        error={remove.error}
        onSubmit={() => remove.submit()}
        onClose={remove.close}
        testId="delete-engine-dialog"
      >
        {remove.target && (
          <Stack gap="2" fontSize="sm">
            <Text>
              <FormattedMessage id="risk_scoring.delete.body" values={isolated({ title: remove.target.title })} />
            </Text>
            {remove.target.is_active && (
              <Text color="fg.warning" data-testid="delete-active-note">
                <FormattedMessage id="risk_scoring.delete.active" />
              </Text>
            )}
          </Stack>
        )}
      </ActionDialog>
    </Stack>
  );
}
