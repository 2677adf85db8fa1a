/**
 * The rule builder's form parts, one per kind of part of the rule language (rule-draft.ts): a group (all of /
 * any of, possibly turned around) with its parts and an "Add" menu; a condition on a transaction field with the
 * operators its type allows and an input that suits it; an aggregate over a sliding window with its filter on
 * the past transactions; list membership; two fields that differ; a network pattern with its parameters; a part
 * the form cannot edit, shown in words. Every control has its own label, parts move up and down with buttons,
 * and each field's problem shows under it, so the whole rule can be written with the keyboard.
 */
import { Badge, Box, Button, Field, HStack, IconButton, Input, Menu, NativeSelect, Portal, Stack, Switch, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuPlus, LuTrash2 } from 'react-icons/lu';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '@common/messages';
import {
  AGGREGATE_DIRECTIONS,
  AGGREGATE_FNS,
  AGGREGATE_PER,
  COMPARE_OPERATORS,
  OPERATORS_BY_TYPE,
  PATTERN_KINDS,
  TX_FIELDS,
  TX_FIELD_NAMES,
  WINDOW_UNITS,
  type TxField,
} from '@common/tm-rules';
import type { RuleBuilderEvent } from '@machines/transactions/rule-builder.machine';
import {
  ADDABLE_KINDS,
  PATTERN_PARAMS,
  WHERE_KINDS,
  fieldType,
  type AddableKind,
  type AggregateNode,
  type ConditionNode,
  type DifferNode,
  type DraftNode,
  type FieldProblem,
  type GroupNode,
  type ListNode,
  type NodePatch,
  type NodeProblems,
  type PatternNode,
  type RawNode,
} from '@machines/transactions/rule-draft';
import { messageText } from '../../lib/i18n';
import { describeExpr, fieldLabel, opLabel } from './describe';
import { tmLabel } from './labels';

export interface EditorContext {
  send: (event: RuleBuilderEvent) => void;
  /** Problems by node and field (shown once the user tried to backtest or save). */
  problems: NodeProblems;
  /** The shared schema's problems by node. */
  schema: Record<string, MessageId[]>;
  /** The organisation's custom lists, when the user may read them. */
  customLists: { id: string; name: string }[] | null;
  disabled: boolean;
}

const B = (id: string, values?: Record<string, ReactNode>) => <FormattedMessage id={`transactions.builder.${id}`} values={values} />;
const b = (intl: IntlShape, id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `transactions.builder.${id}` }, values);

/** A compact labelled select (native: keyboard and screen readers know it). */
function Choice({ label, value, options, onChange, testId, disabled, width }: { label: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void; testId?: string; disabled?: boolean; width?: string }) {
  return (
    <Field.Root w={width ?? 'auto'} flex={width ? undefined : '1'} minW="32">
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm" disabled={disabled}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A compact labelled text box with its problem under it. */
function TextBox({ label, value, onChange, problem, testId, disabled, width, numeric, placeholder }: { label: string; value: string; onChange: (v: string) => void; problem?: string | null; testId?: string; disabled?: boolean; width?: string; numeric?: boolean; placeholder?: string }) {
  return (
    <Field.Root invalid={Boolean(problem)} w={width ?? 'auto'} flex={width ? undefined : '1'} minW="24">
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <Input size="sm" value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} inputMode={numeric ? 'decimal' : undefined} dir={numeric ? 'ltr' : undefined} textAlign="start" placeholder={placeholder} data-testid={testId} />
      {problem && <Field.ErrorText data-testid="builder-problem">{problem}</Field.ErrorText>}
    </Field.Root>
  );
}

const problemText = (intl: IntlShape, problem: FieldProblem | undefined) => (problem ? b(intl, `problem.${problem}`) : null);

const fieldOptions = (intl: IntlShape, only?: (f: TxField) => boolean) =>
  TX_FIELD_NAMES.filter((f) => !only || only(f))
    .map((f) => ({ value: f, label: fieldLabel(intl, f) }))
    .sort((x, y) => x.label.localeCompare(y.label, intl.locale));

function WindowFields({ amount, unit, problem, onChange, disabled, testId }: { amount: string; unit: string; problem: FieldProblem | undefined; onChange: (patch: NodePatch) => void; disabled: boolean; testId: string }) {
  const intl = useIntl();
  return (
    <HStack gap="2" align="start">
      <TextBox label={b(intl, 'window')} value={amount} numeric width="24" problem={problemText(intl, problem)} onChange={(v) => onChange({ windowAmount: v })} testId={`${testId}-window`} disabled={disabled} />
      <Choice label={b(intl, 'unit')} value={unit} width="32" options={WINDOW_UNITS.map((u) => ({ value: u, label: b(intl, `unit_${u}`) }))} onChange={(v) => onChange({ windowUnit: v as never })} testId={`${testId}-unit`} disabled={disabled} />
    </HStack>
  );
}

// ---------------------------------------------------------------- A group

export function GroupEditor({ node, ctx, where = false, root = false }: { node: GroupNode; ctx: EditorContext; where?: boolean; root?: boolean }) {
  const intl = useIntl();
  const kinds = where ? WHERE_KINDS : ADDABLE_KINDS;
  const problem = ctx.problems[node.id]?.children;
  return (
    <chakra.fieldset borderWidth={root ? 0 : '1px'} borderColor="border" rounded="md" p={root ? 0 : '3'} bg={root ? undefined : where ? 'bg.subtle' : undefined} data-testid={where ? 'builder-where' : 'builder-group'} data-node={node.id}>
      <chakra.legend srOnly>{where ? b(intl, 'where_legend') : b(intl, 'group_legend')}</chakra.legend>
      <HStack gap="3" mb="3" wrap="wrap" align="end">
        {where ? (
          <Text fontSize="sm" fontWeight="medium">
            {B('where_title')}
          </Text>
        ) : (
          <>
            <Choice
              label={b(intl, 'match')}
              value={node.op}
              width="48"
              options={[
                { value: 'all', label: b(intl, 'match_all') },
                { value: 'any', label: b(intl, 'match_any') },
              ]}
              onChange={(v) => ctx.send({ type: 'UPDATE', id: node.id, patch: { op: v as 'all' | 'any' } })}
              testId="builder-group-op"
              disabled={ctx.disabled}
            />
            <Switch.Root size="sm" checked={node.negate} onCheckedChange={(d) => ctx.send({ type: 'UPDATE', id: node.id, patch: { negate: d.checked } })} disabled={ctx.disabled} pb="1.5">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label fontSize="sm">{B('negate_group')}</Switch.Label>
            </Switch.Root>
          </>
        )}
      </HStack>
      <Stack gap="3" as="ol" listStyleType="none">
        {node.children.map((child, i) => (
          <Box as="li" key={child.id}>
            <NodeRow node={child} index={i} count={node.children.length} ctx={ctx} />
          </Box>
        ))}
      </Stack>
      {problem && (
        <Text fontSize="sm" color="fg.error" mt="2" data-testid="builder-problem">
          {problemText(intl, problem)}
        </Text>
      )}
      <SchemaProblems id={node.id} ctx={ctx} />
      {/* onSelect on the menu: a choice by click and by Enter alike (the item's own click is not the keyboard's). */}
      <Menu.Root positioning={{ placement: 'bottom-start' }} onSelect={(d) => ctx.send({ type: 'ADD', parent: node.id, kind: d.value as AddableKind })}>
        <Menu.Trigger asChild>
          <Button size="xs" variant="outline" mt="3" disabled={ctx.disabled} data-testid={where ? 'builder-add-where' : 'builder-add'}>
            <LuPlus /> {where ? B('add_filter') : B('add')}
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {kinds.map((kind) => (
                <Menu.Item key={kind} value={kind} data-testid={`builder-add-${kind}`}>
                  <Stack gap="0">
                    <Text>{b(intl, `kind_${kind}`)}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {b(intl, `kind_${kind}_help`)}
                    </Text>
                  </Stack>
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </chakra.fieldset>
  );
}

function SchemaProblems({ id, ctx }: { id: string; ctx: EditorContext }) {
  const problems = ctx.schema[id];
  if (!problems?.length) return null;
  return (
    <Stack gap="1" mt="2">
      {problems.map((code, i) => (
        <Text key={`${code}-${i}`} fontSize="sm" color="fg.error" data-testid="builder-schema-problem">
          {messageText(code, code)}
        </Text>
      ))}
    </Stack>
  );
}

// ---------------------------------------------------------------- One part, with its move and remove buttons

function NodeRow({ node, index, count, ctx }: { node: DraftNode; index: number; count: number; ctx: EditorContext }) {
  const intl = useIntl();
  const kind = b(intl, `kind_${node.kind}`);
  const position = { n: index + 1, kind };
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg="bg" data-testid={`builder-node-${node.kind}`} data-node={node.id}>
      <HStack justify="space-between" mb="2" gap="2">
        <Badge size="sm" variant="subtle" colorPalette="brand">
          {kind}
        </Badge>
        <HStack gap="1">
          <IconButton size="xs" variant="ghost" aria-label={b(intl, 'move_up', position)} disabled={ctx.disabled || index === 0} onClick={() => ctx.send({ type: 'MOVE', id: node.id, by: -1 })}>
            <LuArrowUp />
          </IconButton>
          <IconButton size="xs" variant="ghost" aria-label={b(intl, 'move_down', position)} disabled={ctx.disabled || index === count - 1} onClick={() => ctx.send({ type: 'MOVE', id: node.id, by: 1 })}>
            <LuArrowDown />
          </IconButton>
          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={b(intl, 'remove', position)} disabled={ctx.disabled} onClick={() => ctx.send({ type: 'REMOVE', id: node.id })} data-testid="builder-remove">
            <LuTrash2 />
          </IconButton>
        </HStack>
      </HStack>
      <NodeFields node={node} ctx={ctx} />
      <SchemaProblems id={node.id} ctx={ctx} />
    </Box>
  );
}

function NodeFields({ node, ctx }: { node: DraftNode; ctx: EditorContext }) {
  switch (node.kind) {
    case 'group':
      return <GroupEditor node={node} ctx={ctx} />;
    case 'condition':
      return <ConditionFields node={node} ctx={ctx} />;
    case 'aggregate':
      return <AggregateFields node={node} ctx={ctx} />;
    case 'list':
      return <ListFields node={node} ctx={ctx} />;
    case 'differ':
      return <DifferFields node={node} ctx={ctx} />;
    case 'pattern':
      return <PatternFields node={node} ctx={ctx} />;
    case 'raw':
      return <RawFields node={node} />;
  }
}

const update = (ctx: EditorContext, id: string) => (patch: NodePatch) => ctx.send({ type: 'UPDATE', id, patch });

// ---------------------------------------------------------------- Kinds

function ConditionFields({ node, ctx }: { node: ConditionNode; ctx: EditorContext }) {
  const intl = useIntl();
  const set = update(ctx, node.id);
  const info = TX_FIELDS[node.field];
  const type = fieldType(node.field);
  const closed = 'values' in info ? (info.values as readonly string[]) : type === 'boolean' ? ['true', 'false'] : null;
  const problem = problemText(intl, ctx.problems[node.id]?.value);
  return (
    <HStack gap="2" align="start" wrap="wrap">
      <Choice label={b(intl, 'field')} value={node.field} options={fieldOptions(intl)} onChange={(v) => set({ field: v as TxField })} testId="builder-condition-field" disabled={ctx.disabled} />
      <Choice label={b(intl, 'operator')} value={node.op} width="40" options={OPERATORS_BY_TYPE[type].map((op) => ({ value: op, label: opLabel(intl, op) }))} onChange={(v) => set({ op: v as never })} testId="builder-condition-op" disabled={ctx.disabled} />
      {closed ? (
        <Field.Root invalid={Boolean(problem)} flex="1" minW="32">
          <Field.Label fontSize="xs" color="fg.muted">
            {b(intl, 'value')}
          </Field.Label>
          <NativeSelect.Root size="sm" disabled={ctx.disabled}>
            <NativeSelect.Field value={node.value} onChange={(e) => set({ value: e.target.value })} data-testid="builder-condition-value">
              <option value="">{b(intl, 'choose')}</option>
              {closed.map((v) => (
                <option key={v} value={v}>
                  {node.field === 'direction' ? tmLabel(intl, 'direction', v) : v === 'true' ? b(intl, 'yes') : v === 'false' ? b(intl, 'no') : v}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {problem && <Field.ErrorText data-testid="builder-problem">{problem}</Field.ErrorText>}
        </Field.Root>
      ) : (
        <TextBox
          label={type === 'country' ? b(intl, 'value_country') : b(intl, 'value')}
          value={node.value}
          numeric={type === 'number'}
          placeholder={type === 'country' ? 'AE' : undefined}
          problem={problem}
          onChange={(v) => set({ value: v })}
          testId="builder-condition-value"
          disabled={ctx.disabled}
        />
      )}
    </HStack>
  );
}

function AggregateFields({ node, ctx }: { node: AggregateNode; ctx: EditorContext }) {
  const intl = useIntl();
  const set = update(ctx, node.id);
  const p = ctx.problems[node.id] ?? {};
  return (
    <Stack gap="3">
      <HStack gap="2" align="start" wrap="wrap">
        <Choice label={b(intl, 'function')} value={node.fn} options={AGGREGATE_FNS.map((f) => ({ value: f, label: b(intl, `fn_${f}`) }))} onChange={(v) => set({ fn: v as never })} testId="builder-agg-fn" disabled={ctx.disabled} />
        <Choice label={b(intl, 'per')} value={node.per} options={AGGREGATE_PER.map((x) => ({ value: x, label: b(intl, `per_${x}`) }))} onChange={(v) => set({ per: v as never })} testId="builder-agg-per" disabled={ctx.disabled} />
        <Choice label={b(intl, 'direction')} value={node.direction} options={AGGREGATE_DIRECTIONS.map((x) => ({ value: x, label: b(intl, `direction_${x}`) }))} onChange={(v) => set({ direction: v as never })} testId="builder-agg-direction" disabled={ctx.disabled} />
      </HStack>
      <HStack gap="2" align="start" wrap="wrap">
        <WindowFields amount={node.windowAmount} unit={node.windowUnit} problem={p.window} onChange={set} disabled={ctx.disabled} testId="builder-agg" />
        <Choice label={b(intl, 'operator')} value={node.op} width="40" options={COMPARE_OPERATORS.map((op) => ({ value: op, label: opLabel(intl, op) }))} onChange={(v) => set({ op: v as never })} testId="builder-agg-op" disabled={ctx.disabled} />
        <TextBox label={b(intl, 'threshold')} value={node.threshold} numeric width="32" problem={problemText(intl, p.threshold)} onChange={(v) => set({ threshold: v })} testId="builder-agg-threshold" disabled={ctx.disabled} />
      </HStack>
      <GroupEditor node={node.where} ctx={ctx} where />
    </Stack>
  );
}

function ListFields({ node, ctx }: { node: ListNode; ctx: EditorContext }) {
  const intl = useIntl();
  const set = update(ctx, node.id);
  const p = ctx.problems[node.id] ?? {};
  const country = fieldType(node.field) === 'country';
  const sources = (country ? ['high_risk_countries', 'values', 'custom_list'] : ['values', 'custom_list']) as ListNode['source'][];
  return (
    <Stack gap="2">
      <HStack gap="2" align="start" wrap="wrap">
        <Choice label={b(intl, 'field')} value={node.field} options={fieldOptions(intl, (f) => TX_FIELDS[f].type === 'string' || TX_FIELDS[f].type === 'country')} onChange={(v) => set({ field: v as TxField })} testId="builder-list-field" disabled={ctx.disabled} />
        <Choice
          label={b(intl, 'membership')}
          value={node.negate ? 'out' : 'in'}
          width="40"
          options={[
            { value: 'in', label: b(intl, 'is_in') },
            { value: 'out', label: b(intl, 'is_not_in') },
          ]}
          onChange={(v) => set({ negate: v === 'out' })}
          testId="builder-list-negate"
          disabled={ctx.disabled}
        />
        <Choice label={b(intl, 'list')} value={node.source} options={sources.map((s) => ({ value: s, label: b(intl, `list_${s}`) }))} onChange={(v) => set({ source: v as ListNode['source'] })} testId="builder-list-source" disabled={ctx.disabled} />
      </HStack>
      {node.source === 'values' && (
        <TextBox label={country ? b(intl, 'values_countries') : b(intl, 'values')} value={node.values} problem={problemText(intl, p.values)} onChange={(v) => set({ values: v })} testId="builder-list-values" disabled={ctx.disabled} placeholder={country ? 'IR, KP, SY' : undefined} />
      )}
      {node.source === 'custom_list' &&
        (ctx.customLists ? (
          <Choice label={b(intl, 'custom_list')} value={node.customList} options={[{ value: '', label: b(intl, 'choose') }, ...ctx.customLists.map((l) => ({ value: l.id, label: l.name }))]} onChange={(v) => set({ customList: v })} testId="builder-list-custom" disabled={ctx.disabled} />
        ) : (
          <TextBox label={b(intl, 'custom_list_id')} value={node.customList} problem={problemText(intl, p.customList)} onChange={(v) => set({ customList: v })} testId="builder-list-custom" disabled={ctx.disabled} />
        ))}
    </Stack>
  );
}

function DifferFields({ node, ctx }: { node: DifferNode; ctx: EditorContext }) {
  const intl = useIntl();
  const set = update(ctx, node.id);
  const comparable = (f: TxField) => TX_FIELDS[f].type === 'string' || TX_FIELDS[f].type === 'country';
  return (
    <Stack gap="1">
      <HStack gap="2" align="start" wrap="wrap">
        <Choice label={b(intl, 'field_a')} value={node.a} options={fieldOptions(intl, comparable)} onChange={(v) => set({ a: v as TxField })} testId="builder-differ-a" disabled={ctx.disabled} />
        <Text fontSize="sm" pt="7">
          {B('differs_from')}
        </Text>
        <Choice label={b(intl, 'field_b')} value={node.b} options={fieldOptions(intl, comparable)} onChange={(v) => set({ b: v as TxField })} testId="builder-differ-b" disabled={ctx.disabled} />
      </HStack>
      {ctx.problems[node.id]?.b && (
        <Text fontSize="sm" color="fg.error" data-testid="builder-problem">
          {problemText(intl, ctx.problems[node.id]?.b)}
        </Text>
      )}
    </Stack>
  );
}

function PatternFields({ node, ctx }: { node: PatternNode; ctx: EditorContext }) {
  const intl = useIntl();
  const set = update(ctx, node.id);
  const p = ctx.problems[node.id] ?? {};
  return (
    <Stack gap="3">
      <HStack gap="2" align="start" wrap="wrap">
        <Choice label={b(intl, 'pattern')} value={node.pattern} options={PATTERN_KINDS.map((k) => ({ value: k, label: b(intl, `pattern_${k}`) }))} onChange={(v) => set({ pattern: v as never })} testId="builder-pattern-kind" disabled={ctx.disabled} />
        <WindowFields amount={node.windowAmount} unit={node.windowUnit} problem={p.window} onChange={set} disabled={ctx.disabled} testId="builder-pattern" />
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {b(intl, `pattern_${node.pattern}_help`)}
      </Text>
      <HStack gap="2" align="start" wrap="wrap">
        {PATTERN_PARAMS[node.pattern].map((param) => (
          <TextBox
            key={param.key}
            label={b(intl, `param_${param.key}`) + (param.optional ? ` ${b(intl, 'optional')}` : '')}
            value={node.params[param.key] ?? ''}
            numeric
            width="40"
            problem={problemText(intl, p[param.key])}
            onChange={(v) => set({ params: { [param.key]: v } })}
            testId={`builder-param-${param.key}`}
            disabled={ctx.disabled}
          />
        ))}
      </HStack>
      <GroupEditor node={node.where} ctx={ctx} where />
    </Stack>
  );
}

function RawFields({ node }: { node: RawNode }) {
  const intl = useIntl();
  return (
    <Stack gap="1">
      <Text fontSize="sm">{describeExpr(intl, node.expr)}</Text>
      <Text fontSize="xs" color="fg.muted">
        {B('raw_help')}
      </Text>
    </Stack>
  );
}
