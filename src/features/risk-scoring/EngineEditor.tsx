/**
 * Creating or editing a risk-scoring engine in a drawer (machines/risk-scoring/engine-editor.machine.ts):
 * title and model name, the three thresholds, the rules, the decisions, and the "try it" panel. The view
 * renders the snapshot and sends events; what is checked, tried and saved is the machine's.
 */
import { Alert, Badge, Box, Button, Center, CloseButton, Drawer, Field, Fieldset, Grid, HStack, IconButton, Input, Portal, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { MessageId } from '@common/messages';
import { RISK_DECISIONS } from '@common/enums';
import { RISK_CATEGORIES, RISK_OUTCOMES, RISK_RECORDS, type RiskDecision } from '@common/risk-scoring';
import type { engineEditorMachine } from '@machines/risk-scoring/engine-editor.machine';
import type { DraftField, RuleField } from '@machines/risk-scoring/engine-draft';
import {
  selectDraft,
  selectFormError,
  selectIsBusy,
  selectIsConfirmingClose,
  selectIsDirty,
  selectIsFailed,
  selectIsLoading,
  selectIsOpen,
  selectIsSaving,
  selectProblems,
} from '@machines/risk-scoring/engine-editor.selectors';
import { FormField } from '../../components/FormField';
import { categoryLabel, decisionLabel, outcomeLabel, recordLabel } from '../../components/RiskBreakdown';
import { Select } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { messageById } from '../../lib/i18n';
import { TryPanel } from './TryPanel';
import { useCountryOptions } from './useCountryOptions';

type EditorRef = ActorRefFrom<typeof engineEditorMachine>;

function ThresholdInput({ editor, field, disabled, required }: { editor: EditorRef; field: DraftField; disabled: boolean; required?: boolean }) {
  const value = useSelector(editor, (s) => selectDraft(s)[field]);
  const problem = useSelector(editor, (s) => selectProblems(s)[field] ?? null);
  return (
    <FormField label={<FormattedMessage id={`risk_scoring.fields.${field}`} />} error={problem} required={required}>
      <Input name={field} inputMode="decimal" value={value} disabled={disabled} onChange={(e) => editor.send({ type: 'SET_FIELD', field, value: e.target.value })} data-testid={`engine-${field}`} />
    </FormField>
  );
}

/** One rule: country, category, record condition and weightage in a row, each labelled for screen readers. */
function RuleRow({ editor, index, ruleKey, disabled, countries }: { editor: EditorRef; index: number; ruleKey: number; disabled: boolean; countries: { value: string; label: string }[] }) {
  const intl = useIntl();
  const rule = useSelector(editor, (s) => selectDraft(s).rules.find((r) => r.key === ruleKey)!);
  const problems = useSelector(
    editor,
    (s) => {
      const all = selectProblems(s);
      return (['country', 'category', 'record', 'weightage'] as const).map((f) => all[`rules.${ruleKey}.${f}`] ?? null);
    },
    (a, b) => a.every((x, i) => x === b[i]),
  );
  const set = (field: RuleField, value: string) => editor.send({ type: 'SET_RULE', key: ruleKey, field, value });
  const n = index + 1;
  const prompt = intl.formatMessage({ id: 'risk_scoring.editor.choose' });
  const cell = (field: RuleField, i: number, control: ReactNode) => (
    <Field.Root invalid={Boolean(problems[i])}>
      {control}
      {problems[i] && <Field.ErrorText data-testid="field-error">{messageById(problems[i] as MessageId)}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <Grid
      templateColumns={{ base: '1fr 1fr', lg: 'minmax(0, 1.3fr) minmax(0, 1.3fr) minmax(0, 1.5fr) 6.5rem 2.5rem' }}
      gap="2"
      alignItems="start"
      data-testid="rule-row"
      py="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      {cell(
        'country',
        0,
        <Select
          size="sm"
          name={`rules.${index}.country`}
          aria-label={intl.formatMessage({ id: 'risk_scoring.editor.rule_country' }, { n })}
          value={rule.country}
          disabled={disabled}
          onChange={(e) => set('country', e.target.value)}
          options={[{ value: 'any', label: intl.formatMessage({ id: 'risk_scoring.country.any' }) }, ...countries]}
          data-testid={`rule-country-${index}`}
        />,
      )}
      {cell(
        'category',
        1,
        <Select
          size="sm"
          name={`rules.${index}.category`}
          aria-label={intl.formatMessage({ id: 'risk_scoring.editor.rule_category' }, { n })}
          value={rule.category}
          disabled={disabled}
          onChange={(e) => set('category', e.target.value)}
          options={[{ value: '', label: prompt, disabled: true }, ...RISK_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(intl, c) }))]}
          data-testid={`rule-category-${index}`}
        />,
      )}
      {cell(
        'record',
        2,
        <Select
          size="sm"
          name={`rules.${index}.record`}
          aria-label={intl.formatMessage({ id: 'risk_scoring.editor.rule_record' }, { n })}
          value={rule.record}
          disabled={disabled}
          onChange={(e) => set('record', e.target.value)}
          options={[{ value: '', label: prompt, disabled: true }, ...RISK_RECORDS.map((r) => ({ value: r, label: recordLabel(intl, r) }))]}
          data-testid={`rule-record-${index}`}
        />,
      )}
      {cell(
        'weightage',
        3,
        <Input
          size="sm"
          name={`rules.${index}.weightage`}
          inputMode="numeric"
          aria-label={intl.formatMessage({ id: 'risk_scoring.editor.rule_weightage' }, { n })}
          placeholder={intl.formatMessage({ id: 'risk_scoring.editor.points' })}
          value={rule.weightage}
          disabled={disabled}
          onChange={(e) => set('weightage', e.target.value)}
          data-testid={`rule-weightage-${index}`}
        />,
      )}
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="red"
        aria-label={intl.formatMessage({ id: 'risk_scoring.editor.remove_rule' }, { n })}
        disabled={disabled}
        onClick={() => editor.send({ type: 'REMOVE_RULE', key: ruleKey })}
        data-testid={`rule-remove-${index}`}
      >
        <LuTrash2 />
      </IconButton>
    </Grid>
  );
}

export function EngineEditor({ editor, canEdit }: { editor: EditorRef; canEdit: boolean }) {
  const intl = useIntl();
  const snapshot = useSelector(editor, (s) => s);
  const { context } = snapshot;
  const open = selectIsOpen(snapshot);
  const loading = selectIsLoading(snapshot);
  const failed = selectIsFailed(snapshot);
  const saving = selectIsSaving(snapshot);
  const busy = selectIsBusy(snapshot);
  const confirmingClose = selectIsConfirmingClose(snapshot);
  const dirty = selectIsDirty(snapshot);
  const problems = selectProblems(snapshot);
  const formError = selectFormError(snapshot);
  const draft = context.draft;
  const isNew = context.engineId === null;
  const disabled = !canEdit || busy;
  const countries = useCountryOptions();
  const problemCount = Object.keys(problems).length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    editor.send({ type: 'SAVE' });
  };

  return (
    <Drawer.Root open={open} size="xl" placement="end" onOpenChange={(d) => !d.open && !saving && editor.send({ type: 'CLOSE' })} closeOnInteractOutside={!saving}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="engine-editor">
            <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
              <Drawer.Header borderBottomWidth="1px">
                <HStack gap="3" wrap="wrap">
                  <Drawer.Title>{isNew ? <FormattedMessage id="risk_scoring.editor.new_title" /> : context.original.title || <FormattedMessage id="risk_scoring.editor.edit_title" />}</Drawer.Title>
                  {!isNew && !loading && (
                    <Badge variant="outline" data-testid="editor-version">
                      <FormattedMessage id="risk_scoring.version" values={{ version: context.version }} />
                    </Badge>
                  )}
                  {!isNew && context.isActive && (
                    <Badge colorPalette="green" variant="solid">
                      <FormattedMessage id="risk_scoring.active" />
                    </Badge>
                  )}
                </HStack>
              </Drawer.Header>
              <Drawer.Body>
                {loading ? (
                  <Center py="16">
                    <Spinner size="lg" color="brand.solid" />
                  </Center>
                ) : failed ? (
                  <Stack gap="3">
                    <ServerError message={context.error?.message ?? null} code={context.error?.code} />
                    <Button alignSelf="flex-start" variant="outline" onClick={() => editor.send({ type: 'RETRY' })}>
                      <FormattedMessage id="admin.actions.retry" />
                    </Button>
                  </Stack>
                ) : (
                  <Stack gap="6">
                    {!isNew && (
                      <Alert.Root status="info" size="sm">
                        <Alert.Indicator />
                        <Alert.Description>
                          <FormattedMessage id="risk_scoring.editor.versions_note" values={{ version: context.version, next: context.version + 1 }} />
                        </Alert.Description>
                      </Alert.Root>
                    )}
                    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                      <FormField label={<FormattedMessage id="risk_scoring.fields.title" />} error={problems.title ?? null} required>
                        <Input name="title" value={draft.title} disabled={disabled} onChange={(e) => editor.send({ type: 'SET_FIELD', field: 'title', value: e.target.value })} data-testid="engine-title" />
                      </FormField>
                      <FormField label={<FormattedMessage id="risk_scoring.fields.model_name" />} error={problems.model_name ?? null} required helper={<FormattedMessage id="risk_scoring.editor.model_help" />}>
                        <Input
                          name="model_name"
                          value={draft.model_name}
                          disabled={disabled}
                          onChange={(e) => editor.send({ type: 'SET_FIELD', field: 'model_name', value: e.target.value })}
                          data-testid="engine-model_name"
                        />
                      </FormField>
                    </Grid>

                    <Fieldset.Root>
                      <Fieldset.Legend fontWeight="semibold">
                        <FormattedMessage id="risk_scoring.editor.thresholds" />
                      </Fieldset.Legend>
                      <Fieldset.HelperText>
                        <FormattedMessage id="risk_scoring.editor.thresholds_help" />
                      </Fieldset.HelperText>
                      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4" mt="2">
                        <ThresholdInput editor={editor} field="low_threshold" disabled={disabled} />
                        <ThresholdInput editor={editor} field="medium_threshold" disabled={disabled} required />
                        <ThresholdInput editor={editor} field="high_threshold" disabled={disabled} required />
                      </Grid>
                    </Fieldset.Root>

                    <Fieldset.Root invalid={Boolean(problems.rules)}>
                      <Fieldset.Legend fontWeight="semibold">
                        <FormattedMessage id="risk_scoring.editor.rules" />
                      </Fieldset.Legend>
                      <Fieldset.HelperText>
                        <FormattedMessage id="risk_scoring.editor.rules_help" />
                      </Fieldset.HelperText>
                      <Box mt="2">
                        <Grid
                          templateColumns="minmax(0, 1.3fr) minmax(0, 1.3fr) minmax(0, 1.5fr) 6.5rem 2.5rem"
                          gap="2"
                          display={{ base: 'none', lg: 'grid' }}
                          pb="1"
                          borderBottomWidth="1px"
                          aria-hidden
                        >
                          {(['country', 'category', 'record', 'weightage'] as const).map((f) => (
                            <Text key={f} fontSize="xs" color="fg.muted" textTransform="uppercase">
                              <FormattedMessage id={`risk_scoring.fields.${f}`} />
                            </Text>
                          ))}
                        </Grid>
                        {draft.rules.map((rule, index) => (
                          <RuleRow key={rule.key} editor={editor} index={index} ruleKey={rule.key} disabled={disabled} countries={countries} />
                        ))}
                      </Box>
                      {problems.rules && <Fieldset.ErrorText data-testid="field-error">{messageById(problems.rules)}</Fieldset.ErrorText>}
                      {canEdit && (
                        <Button size="sm" variant="outline" alignSelf="flex-start" mt="2" disabled={busy} onClick={() => editor.send({ type: 'ADD_RULE' })} data-testid="add-rule">
                          <LuPlus /> <FormattedMessage id="risk_scoring.editor.add_rule" />
                        </Button>
                      )}
                    </Fieldset.Root>

                    <Fieldset.Root>
                      <Fieldset.Legend fontWeight="semibold">
                        <FormattedMessage id="risk_scoring.editor.decisions" />
                      </Fieldset.Legend>
                      <Fieldset.HelperText>
                        <FormattedMessage id="risk_scoring.editor.decisions_help" />
                      </Fieldset.HelperText>
                      <Table.Root size="sm" variant="outline" mt="2" aria-label={intl.formatMessage({ id: 'risk_scoring.editor.decisions' })}>
                        <Table.Header>
                          <Table.Row>
                            <Table.ColumnHeader>
                              <FormattedMessage id="risk_scoring.breakdown.outcome" />
                            </Table.ColumnHeader>
                            <Table.ColumnHeader>
                              <FormattedMessage id="risk_scoring.breakdown.decision" />
                            </Table.ColumnHeader>
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {RISK_OUTCOMES.map((outcome) => (
                            <Table.Row key={outcome}>
                              <Table.Cell>
                                <Stack gap="0">
                                  <Text fontWeight="medium">{outcomeLabel(intl, outcome)}</Text>
                                  <Text fontSize="xs" color="fg.muted">
                                    <FormattedMessage id={`risk_scoring.outcome_help.${outcome}`} />
                                  </Text>
                                </Stack>
                              </Table.Cell>
                              <Table.Cell width="48">
                                <Select
                                  size="sm"
                                  name={`decisions.${outcome}`}
                                  aria-label={intl.formatMessage({ id: 'risk_scoring.editor.decision_for' }, { outcome: outcomeLabel(intl, outcome) })}
                                  value={draft.decisions[outcome]}
                                  disabled={disabled}
                                  onChange={(e) => editor.send({ type: 'SET_DECISION', outcome, decision: e.target.value as RiskDecision })}
                                  options={RISK_DECISIONS.map((d) => ({ value: d, label: decisionLabel(intl, d) }))}
                                  data-testid={`decision-${outcome}`}
                                />
                              </Table.Cell>
                            </Table.Row>
                          ))}
                        </Table.Body>
                      </Table.Root>
                    </Fieldset.Root>

                    <TryPanel editor={editor} />

                    {formError && <ServerError message={formError.message} code={formError.code} />}
                  </Stack>
                )}
              </Drawer.Body>
              <Drawer.Footer borderTopWidth="1px">
                {confirmingClose ? (
                  <HStack width="full" justify="space-between" data-testid="discard-confirm">
                    <Text fontSize="sm" fontWeight="medium">
                      <FormattedMessage id="risk_scoring.editor.unsaved" />
                    </Text>
                    <HStack>
                      <Button variant="outline" onClick={() => editor.send({ type: 'KEEP_EDITING' })}>
                        <FormattedMessage id="risk_scoring.editor.keep_editing" />
                      </Button>
                      <Button colorPalette="red" onClick={() => editor.send({ type: 'DISCARD' })}>
                        <FormattedMessage id="risk_scoring.editor.discard" />
                      </Button>
                    </HStack>
                  </HStack>
                ) : (
                  <HStack width="full" justify="space-between">
                    <Text fontSize="sm" color="fg.error" data-testid="problem-count">
                      {problemCount > 0 && <FormattedMessage id="risk_scoring.editor.problems" values={{ count: problemCount }} />}
                    </Text>
                    <HStack>
                      <Button variant="outline" onClick={() => editor.send({ type: 'CLOSE' })} disabled={saving}>
                        <FormattedMessage id={canEdit ? 'admin.actions.cancel' : 'admin.actions.close'} />
                      </Button>
                      {canEdit && (
                        <Button type="submit" colorPalette="brand" loading={saving} disabled={loading || failed || busy || (!dirty && !isNew)} data-testid="engine-save">
                          {isNew ? <FormattedMessage id="risk_scoring.editor.create" /> : <FormattedMessage id="risk_scoring.editor.save_version" values={{ version: context.version + 1 }} />}
                        </Button>
                      )}
                    </HStack>
                  </HStack>
                )}
              </Drawer.Footer>
            </form>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" disabled={saving} aria-label={intl.formatMessage({ id: 'admin.actions.close' })} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
