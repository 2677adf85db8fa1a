/**
 * The rule builder, over Rules Listing: the rule's name, description, score and action; its condition as a form
 * over the rule language (RuleNodeEditor.tsx); a live preview of the rule in words; the problems the API would
 * refuse, shown where they are; a backtest over the stored history (alerts, parties, precision and recall where
 * the history has labels, time taken); then Save or Save and enable. Renders the rule builder statechart
 * (machines/transactions/rule-builder.machine.ts) and sends it events; mounted while open.
 */
import { Alert, Badge, Box, Button, CloseButton, DataList, Dialog, Drawer, Field, Grid, HStack, Input, NativeSelect, Portal, Spinner, Stack, Table, Text, Textarea, chakra } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { LuFlaskConical, LuSave, LuSquare, LuToggleRight } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { MESSAGES, type MessageId } from '@common/messages';
import { TM_RULE_LIMITS, type BacktestAnswer, type RuleRow } from '@common/tm-alerts';
import { RULE_ACTIONS } from '@common/tm-rules';
import { ruleBuilderMachine } from '@machines/transactions/rule-builder.machine';
import * as sel from '@machines/transactions/rule-builder.selectors';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { tmApi } from './api';
import { describeExpr } from './describe';
import { GroupEditor, type EditorContext } from './RuleNodeEditor';
import { tmLabel } from './labels';

interface Props {
  rule: RuleRow | null;
  onSaved: (rule: RuleRow) => void;
  onClose: () => void;
}

export function RuleBuilder({ rule, onSaved, onClose }: Props) {
  const intl = useIntl();
  const effects = useRef({ onSaved, onClose });
  effects.current = { onSaved, onClose };
  const [machine] = useState(() =>
    ruleBuilderMachine.provide({
      actors: {
        backtest: fromPromise(({ input }) => tmApi.backtest(input)),
        save: fromPromise(({ input }) => tmApi.saveRule(input)),
        enable: fromPromise(({ input }) => tmApi.setRuleStatus(input.id, 'Enabled')),
      },
      actions: {
        saved: (_, { rule: saved, enabled }) => {
          notify.success(
            enabled ? messageText('rule_updated', MESSAGES.rule_updated) : intl.formatMessage({ id: rule ? 'transactions.builder.saved_version' : 'transactions.builder.saved_new' }, { name: saved.name, version: saved.version }),
          );
          effects.current.onSaved(saved);
        },
        notifyNotEnabled: () => notify.error(messageText('rule_not_updated', MESSAGES.rule_not_updated)),
        close: () => effects.current.onClose(),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { rule }, inspect });
  const send = actor.send;
  const draft = useSelector(actor, sel.selectDraft);
  const definition = useSelector(actor, sel.selectDefinition);
  const problems = useSelector(actor, sel.selectProblems);
  const backtesting = useSelector(actor, sel.selectBacktesting);
  const backtest = useSelector(actor, sel.selectBacktest);
  const saving = useSelector(actor, sel.selectSaving);
  const savingEnable = useSelector(actor, sel.selectSavingEnable);
  const saveError = useSelector(actor, sel.selectSaveError);
  const confirmingDiscard = useSelector(actor, sel.selectConfirmingDiscard);
  const lists = useResource<{ data: { _id?: string; id?: string; name: string; deleted_at?: string | null }[] }>('/get-custom-listing', { page: 1, page_size: 100 });

  const schema = useMemo(() => {
    const out: Record<string, MessageId[]> = {};
    for (const p of problems.schema) (out[p.node] ??= []).push(p.message);
    return out;
  }, [problems.schema]);
  const ctx: EditorContext = {
    send,
    problems: problems.fields,
    schema,
    customLists: lists.data ? lists.data.data.filter((l) => !l.deleted_at).map((l) => ({ id: String(l._id ?? l.id), name: l.name })) : null,
    disabled: saving,
  };
  const ready = useSelector(actor, sel.selectDefinitionReady);
  const preview = ready ? describeExpr(intl, definition.when) : null;

  return (
    <>
      <Drawer.Root open onOpenChange={(d) => !d.open && send({ type: 'CLOSE' })} size="xl" placement="end" closeOnInteractOutside={false}>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="rule-builder" maxW={{ base: '100vw', xl: '6xl' }}>
              <Drawer.Header>
                <Drawer.Title>{rule ? <FormattedMessage id="transactions.builder.edit_title" values={{ name: <Name>{rule.name}</Name> }} /> : <FormattedMessage id="transactions.builder.new_title" />}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <form
                  id="rule-builder-form"
                  noValidate
                  onSubmit={(e) => {
                    e.preventDefault();
                    send({ type: 'SAVE', enable: false });
                  }}
                >
                  <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
                    <Stack gap="5">
                      <chakra.fieldset disabled={saving}>
                        <Text as="legend" fontWeight="semibold" mb="3">
                          <FormattedMessage id="transactions.builder.details" />
                        </Text>
                        <Stack gap="3">
                          <FormField label={<FormattedMessage id="transactions.rules.name" />} error={problems.meta.name ?? null} required>
                            <Input name="name" dir="auto" value={draft.name} maxLength={TM_RULE_LIMITS.name.max + 10} onChange={(e) => send({ type: 'META', patch: { name: e.target.value } })} data-testid="builder-name" />
                          </FormField>
                          <FormField label={<FormattedMessage id="transactions.rules.description" />} error={problems.meta.description ?? null}>
                            <Textarea name="description" dir="auto" rows={2} value={draft.description} onChange={(e) => send({ type: 'META', patch: { description: e.target.value } })} data-testid="builder-description" />
                          </FormField>
                          <HStack gap="3" align="start">
                            <FormField label={<FormattedMessage id="transactions.rules.score" />} error={problems.meta.score ?? null} helper={<FormattedMessage id="transactions.builder.score_help" />} required>
                              <Input name="score" inputMode="numeric" dir="ltr" textAlign="start" value={draft.score} onChange={(e) => send({ type: 'META', patch: { score: e.target.value } })} data-testid="builder-score" />
                            </FormField>
                            <Field.Root>
                              <Field.Label>
                                <FormattedMessage id="transactions.builder.action" />
                              </Field.Label>
                              <NativeSelect.Root>
                                <NativeSelect.Field name="action" value={draft.action} onChange={(e) => send({ type: 'META', patch: { action: e.target.value as never } })} data-testid="builder-action">
                                  {RULE_ACTIONS.map((a) => (
                                    <option key={a} value={a}>
                                      {tmLabel(intl, 'action', a)}
                                    </option>
                                  ))}
                                </NativeSelect.Field>
                                <NativeSelect.Indicator />
                              </NativeSelect.Root>
                              <Field.HelperText>
                                <FormattedMessage id="transactions.builder.action_help" />
                              </Field.HelperText>
                            </Field.Root>
                          </HStack>
                        </Stack>
                      </chakra.fieldset>
                      <Stack gap="2">
                        <Text as="h3" fontWeight="semibold">
                          <FormattedMessage id="transactions.builder.conditions" />
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          <FormattedMessage id="transactions.builder.conditions_help" />
                        </Text>
                        <GroupEditor node={draft.root} ctx={ctx} root />
                      </Stack>
                    </Stack>

                    <Stack gap="5" position={{ lg: 'sticky' }} top="0">
                      <Box borderWidth="1px" rounded="md" p="4" bg="brand.subtle" data-testid="builder-preview" aria-live="polite">
                        <Text as="h3" fontWeight="semibold" mb="2">
                          <FormattedMessage id="transactions.builder.preview" />
                        </Text>
                        {preview ? (
                          <Text fontSize="sm" data-testid="builder-preview-text">
                            <FormattedMessage
                              id="transactions.builder.preview_text"
                              values={{ condition: preview, score: draft.score.trim() || '—', action: tmLabel(intl, 'action', draft.action) }}
                            />
                          </Text>
                        ) : (
                          <Text fontSize="sm" color="fg.muted">
                            <FormattedMessage id="transactions.builder.preview_incomplete" />
                          </Text>
                        )}
                      </Box>
                      {problems.count > 0 && (Object.keys(problems.fields).length > 0 || problems.schema.length > 0 || Object.keys(problems.meta).length > 0) && (
                        <Alert.Root status="warning" data-testid="builder-problems">
                          <Alert.Indicator />
                          <Alert.Description>
                            <FormattedMessage id="transactions.builder.problems" values={{ count: problems.count }} />
                          </Alert.Description>
                        </Alert.Root>
                      )}
                      <Backtest answer={backtest.answer} stale={backtest.stale} error={backtest.error} running={backtesting} onRun={() => send({ type: 'BACKTEST' })} onStop={() => send({ type: 'STOP_BACKTEST' })} />
                    </Stack>
                  </Grid>
                  {saveError && (
                    <Box mt="4">
                      <ServerError message={saveError.message} code={saveError.code} />
                    </Box>
                  )}
                </form>
              </Drawer.Body>
              <Drawer.Footer gap="2" flexWrap="wrap">
                <Button variant="outline" onClick={() => send({ type: 'CLOSE' })} disabled={saving} data-testid="builder-cancel">
                  <FormattedMessage id="admin.actions.cancel" />
                </Button>
                <Button type="submit" form="rule-builder-form" variant="outline" colorPalette="brand" loading={saving && !savingEnable} disabled={saving} data-testid="builder-save">
                  <LuSave /> <FormattedMessage id="transactions.builder.save" />
                </Button>
                {/* An enabled rule stays enabled when saved: "Save" is all it needs. */}
                {rule?.status !== 'Enabled' && (
                  <Button colorPalette="brand" loading={savingEnable} disabled={saving} onClick={() => send({ type: 'SAVE', enable: true })} data-testid="builder-save-enable">
                    <LuToggleRight /> <FormattedMessage id="transactions.builder.save_enable" />
                  </Button>
                )}
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'transactions.builder.close' })} disabled={saving} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Dialog.Root open={confirmingDiscard} onOpenChange={(d) => !d.open && send({ type: 'KEEP_EDITING' })} role="alertdialog" placement="center" size="sm">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="builder-discard">
              <Dialog.Header>
                <Dialog.Title>
                  <FormattedMessage id="transactions.builder.discard_title" />
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>
                  <FormattedMessage id="transactions.builder.discard_body" />
                </Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => send({ type: 'KEEP_EDITING' })} data-testid="builder-keep">
                  <FormattedMessage id="transactions.builder.keep_editing" />
                </Button>
                <Button colorPalette="red" onClick={() => send({ type: 'DISCARD' })} data-testid="builder-discard-confirm">
                  <FormattedMessage id="transactions.builder.discard" />
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

function Backtest({ answer, stale, error, running, onRun, onStop }: { answer: BacktestAnswer | null; stale: boolean; error: { message: string; code?: string } | null; running: boolean; onRun: () => void; onStop: () => void }) {
  const intl = useIntl();
  const percent = (v: number) => intl.formatNumber(v, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Box borderWidth="1px" rounded="md" p="4" data-testid="builder-backtest" aria-busy={running}>
      <HStack justify="space-between" mb="2" gap="2" wrap="wrap">
        <Text as="h3" fontWeight="semibold">
          <FormattedMessage id="transactions.builder.backtest" />
        </Text>
        {running ? (
          <Button size="sm" variant="outline" onClick={onStop} data-testid="builder-backtest-stop">
            <LuSquare /> <FormattedMessage id="transactions.builder.backtest_stop" />
          </Button>
        ) : (
          <Button size="sm" colorPalette="brand" variant="outline" onClick={onRun} data-testid="builder-backtest-run">
            <LuFlaskConical /> <FormattedMessage id={answer ? 'transactions.builder.backtest_again' : 'transactions.builder.backtest_run'} />
          </Button>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted" mb="3">
        <FormattedMessage id="transactions.builder.backtest_help" />
      </Text>
      {running && (
        <HStack gap="2" mb="3" data-testid="builder-backtest-running">
          <Spinner size="sm" />
          <Text fontSize="sm">
            <FormattedMessage id="transactions.builder.backtest_running" />
          </Text>
        </HStack>
      )}
      {error && <ServerError message={error.message} code={error.code} />}
      {answer && (
        <Stack gap="3" opacity={stale ? 0.6 : 1} data-testid="builder-backtest-result" data-stale={stale}>
          {stale && (
            <Badge colorPalette="orange" variant="subtle" w="fit-content" data-testid="builder-backtest-stale">
              <FormattedMessage id="transactions.builder.backtest_stale" />
            </Badge>
          )}
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="transactions.builder.bt_alerts" />
              </DataList.ItemLabel>
              <DataList.ItemValue fontWeight="semibold" data-testid="builder-bt-alerts">
                {intl.formatNumber(answer.alerts)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="transactions.builder.bt_hits" />
              </DataList.ItemLabel>
              <DataList.ItemValue>{intl.formatNumber(answer.hits)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="transactions.builder.bt_parties" />
              </DataList.ItemLabel>
              <DataList.ItemValue>{intl.formatNumber(answer.party_count)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="transactions.builder.bt_scanned" />
              </DataList.ItemLabel>
              <DataList.ItemValue>{intl.formatNumber(answer.transactions_scanned)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="transactions.builder.bt_took" />
              </DataList.ItemLabel>
              <DataList.ItemValue data-testid="builder-bt-took">
                <FormattedMessage id="transactions.builder.bt_ms" values={{ ms: intl.formatNumber(answer.took_ms) }} />
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          {answer.capped && (
            <Text fontSize="xs" color="fg.muted">
              <FormattedMessage id="transactions.builder.bt_capped" values={{ count: answer.transactions_scanned }} />
            </Text>
          )}
          {answer.labelled ? (
            <HStack gap="2" wrap="wrap" data-testid="builder-bt-labelled">
              {(['precision', 'recall', 'f1'] as const).map((k) => (
                <Box key={k} borderWidth="1px" rounded="md" px="3" py="2" textAlign="center" minW="24">
                  <Text fontSize="xs" color="fg.muted">
                    <FormattedMessage id={`transactions.builder.bt_${k}`} />
                  </Text>
                  <Text fontWeight="semibold" data-testid={`builder-bt-${k}`}>
                    {percent(answer.labelled![k])}
                  </Text>
                </Box>
              ))}
              <Text fontSize="xs" color="fg.muted" flexBasis="full">
                <FormattedMessage id="transactions.builder.bt_labelled" values={{ labelled: answer.labelled.labelled_accounts, flagged: answer.labelled.flagged_accounts, tp: answer.labelled.true_positives }} />
              </Text>
            </HStack>
          ) : (
            <Text fontSize="xs" color="fg.muted" data-testid="builder-bt-unlabelled">
              <FormattedMessage id="transactions.builder.bt_no_labels" />
            </Text>
          )}
          {answer.parties.length > 0 && (
            <Box maxH="64" overflowY="auto" borderWidth="1px" rounded="md">
              <Table.Root size="sm" stickyHeader aria-label={intl.formatMessage({ id: 'transactions.builder.bt_parties_table' })} data-testid="builder-bt-parties">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>
                      <FormattedMessage id="transactions.builder.bt_party" />
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <FormattedMessage id="transactions.builder.bt_party_alerts" />
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <FormattedMessage id="transactions.builder.bt_party_triggers" />
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <FormattedMessage id="transactions.builder.bt_party_label" />
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {answer.parties.map((p) => (
                    <Table.Row key={p.party_key}>
                      <Table.Cell>
                        <Stack gap="0">
                          <Text fontSize="sm">{p.name ? <Name>{p.name}</Name> : '—'}</Text>
                          <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                            <Name>{p.party_key}</Name>
                          </Text>
                        </Stack>
                      </Table.Cell>
                      <Table.Cell textAlign="end">{intl.formatNumber(p.alerts)}</Table.Cell>
                      <Table.Cell textAlign="end">{intl.formatNumber(p.triggers)}</Table.Cell>
                      <Table.Cell>
                        {p.label === null ? (
                          '—'
                        ) : (
                          <Badge size="sm" colorPalette={p.label ? 'red' : 'green'}>
                            <FormattedMessage id={p.label ? 'transactions.builder.bt_label_yes' : 'transactions.builder.bt_label_no'} />
                          </Badge>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Stack>
      )}
    </Box>
  );
}
