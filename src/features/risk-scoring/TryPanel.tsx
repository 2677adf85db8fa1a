/**
 * "Try it" in the engine editor: score the definition as it stands, before saving, on a saved case (every
 * hit, and how the case would be decided) or on a record described by hand. Shows each hit's score
 * against the thresholds, its outcome and decision, and every rule met or missed.
 */
import { Accordion, Alert, Badge, Box, Button, Card, Checkbox, Fieldset, Grid, Heading, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuFlaskConical } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { HIT_DATABASES } from '@common/enums';
import { RISK_RECORDS, type RecordCondition, type RiskTryAnswer } from '@common/risk-scoring';
import type { engineEditorMachine } from '@machines/risk-scoring/engine-editor.machine';
import type { TrialDraft } from '@machines/risk-scoring/engine-draft';
import type { MessageId } from '@common/messages';
import {
  selectIsBusy,
  selectIsTrying,
  selectTrial,
  selectTrialBlocked,
  selectTrialError,
  selectTrialFieldProblem,
  selectTrialResult,
  selectTrialStale,
} from '@machines/risk-scoring/engine-editor.selectors';
import { CountryPicker } from '../../components/CountryPicker';
import { FormField } from '../../components/FormField';
import { Name } from '../../components/Name';
import { DecisionBadge, OutcomeBadge, RiskBreakdown, categoryLabel, recordLabel } from '../../components/RiskBreakdown';
import { SelectField } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { messageText } from '../../lib/i18n';
import { valueLabel } from '../../lib/valueLabels';
import { useCountryCodes } from './useCountryOptions';

type EditorRef = ActorRefFrom<typeof engineEditorMachine>;

const CONDITIONS = RISK_RECORDS.filter((r): r is RecordCondition => r !== 'any');
const STATUS_COLOURS: Record<string, string> = { Passed: 'green', 'Passed Conditionally': 'teal', 'For Review': 'orange', Failed: 'red' };

function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={STATUS_COLOURS[status] ?? 'gray'} variant="subtle" data-testid={testId}>
      {valueLabel(intl, 'case_status', status)}
    </Badge>
  );
}

function TrialResult({ result }: { result: RiskTryAnswer }) {
  const intl = useIntl();
  return (
    <Stack gap="3" data-testid="try-result">
      {result.case ? (
        <Stack gap="1" fontSize="sm">
          <Text>
            <FormattedMessage
              id="risk_scoring.try.case_now"
              values={{
                ref: <Name fontFamily="mono">{result.case.reference}</Name>,
                term: <Name fontWeight="semibold">{result.case.search_term}</Name>,
                status: <StatusBadge status={result.case.case_status} />,
              }}
            />{' '}
            {result.case.risk_engine ? (
              <FormattedMessage id="risk_scoring.try.decided_by" values={{ title: <Name>{result.case.risk_engine.title}</Name>, version: result.case.risk_engine.version }} />
            ) : (
              <FormattedMessage id="risk_scoring.try.decided_by_default" />
            )}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">
              <FormattedMessage id="risk_scoring.try.would_be" />
            </Text>
            <StatusBadge status={result.case_status} testId="try-case-status" />
            <Text color="fg.muted">
              <FormattedMessage id="risk_scoring.try.risk_level" values={{ level: valueLabel(intl, 'risk_level', result.risk_level) }} />
            </Text>
          </HStack>
          {result.hits.length === 0 && (
            <Text color="fg.muted">
              <FormattedMessage id="risk_scoring.try.no_hits" />
            </Text>
          )}
        </Stack>
      ) : (
        <HStack gap="2" wrap="wrap" fontSize="sm">
          <Text fontWeight="semibold">
            <FormattedMessage id="risk_scoring.try.sample_would_be" />
          </Text>
          <StatusBadge status={result.case_status} testId="try-case-status" />
        </HStack>
      )}
      {result.hits.length > 0 && (
        <Accordion.Root multiple defaultValue={[result.hits[0]._id ?? 'sample']} variant="enclosed" size="sm">
          {result.hits.map((hit, i) => {
            const value = hit._id ?? 'sample';
            return (
              <Accordion.Item key={value} value={value} data-testid="try-hit">
                <Accordion.ItemTrigger>
                  <HStack flex="1" gap="3" wrap="wrap" textAlign="start">
                    <Text fontWeight="medium">{hit.name ? <Name>{hit.name}</Name> : <FormattedMessage id="risk_scoring.try.sample_record" />}</Text>
                    <Badge variant="outline" size="sm">
                      {categoryLabel(intl, hit.database)}
                    </Badge>
                    <Text fontSize="sm" color="fg.muted">
                      <FormattedMessage id="risk_scoring.try.points" values={{ score: intl.formatNumber(hit.breakdown.score) }} />
                    </Text>
                    <OutcomeBadge outcome={hit.breakdown.outcome} />
                    <DecisionBadge decision={hit.breakdown.decision} />
                  </HStack>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
                    {hit.records.length > 0 && (
                      <Text fontSize="sm" color="fg.muted" mb="3">
                        <FormattedMessage id="risk_scoring.try.record_says" values={{ list: intl.formatList(hit.records.map((r) => recordLabel(intl, r))) }} />
                      </Text>
                    )}
                    <RiskBreakdown breakdown={hit.breakdown} facts={{ database: hit.database, countries: hit.countries }} testId={`try-breakdown-${i}`} />
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            );
          })}
        </Accordion.Root>
      )}
    </Stack>
  );
}

export function TryPanel({ editor }: { editor: EditorRef }) {
  const intl = useIntl();
  const trial = useSelector(editor, selectTrial);
  const trying = useSelector(editor, selectIsTrying);
  const busy = useSelector(editor, selectIsBusy);
  const result = useSelector(editor, selectTrialResult);
  const stale = useSelector(editor, selectTrialStale);
  const blocked = useSelector(editor, selectTrialBlocked);
  const fieldProblem = useSelector(editor, selectTrialFieldProblem);
  const error = useSelector(editor, selectTrialError);
  const codes = useCountryCodes();
  const patch = (change: Partial<TrialDraft>) => editor.send({ type: 'SET_TRIAL', patch: change });

  return (
    <Card.Root variant="subtle" data-testid="try-panel">
      <Card.Body gap="4">
        <Stack gap="1">
          <HStack gap="2">
            <LuFlaskConical aria-hidden />
            <Heading as="h3" size="md">
              <FormattedMessage id="risk_scoring.try.title" />
            </Heading>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="risk_scoring.try.help" />
          </Text>
        </Stack>
        <Fieldset.Root>
          <Fieldset.Legend srOnly>
            <FormattedMessage id="risk_scoring.try.what" />
          </Fieldset.Legend>
          <RadioGroup.Root value={trial.mode} onValueChange={(d) => patch({ mode: d.value as 'sample' | 'case' })} colorPalette="brand" size="sm">
            <HStack gap="6" wrap="wrap">
              {(['sample', 'case'] as const).map((mode) => (
                <RadioGroup.Item key={mode} value={mode} data-testid={`try-mode-${mode}`}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    <FormattedMessage id={`risk_scoring.try.mode_${mode}`} />
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        </Fieldset.Root>
        {trial.mode === 'case' ? (
          <FormField
            label={<FormattedMessage id="risk_scoring.try.reference" />}
            error={(fieldProblem?.code as MessageId | undefined) ?? null}
            helper={<FormattedMessage id="risk_scoring.try.reference_help" />}
          >
            <Input name="try_reference" fontFamily="mono" placeholder="AML-2026-000001" value={trial.reference} onChange={(e) => patch({ reference: e.target.value })} data-testid="try-reference" />
          </FormField>
        ) : (
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <Stack gap="4">
              <SelectField
                label={<FormattedMessage id="risk_scoring.try.listed_on" />}
                name="try_database"
                value={trial.database}
                onChange={(e) => patch({ database: e.target.value })}
                options={HIT_DATABASES.map((d) => ({ value: d, label: categoryLabel(intl, d) }))}
                data-testid="try-database"
              />
              <Box>
                <Text fontSize="sm" fontWeight="medium" mb="1.5">
                  <FormattedMessage id="risk_scoring.try.countries" />
                </Text>
                <CountryPicker
                  codes={codes}
                  value={trial.countries}
                  onChange={(countries) => patch({ countries })}
                  placeholder={intl.formatMessage({ id: 'risk_scoring.try.add_country' })}
                  name="try_countries"
                  label={intl.formatMessage({ id: 'risk_scoring.try.countries' })}
                />
              </Box>
              {fieldProblem && (
                <Text fontSize="sm" color="fg.error" data-testid="try-field-error">
                  {messageText(fieldProblem.code, fieldProblem.message ?? '')}
                </Text>
              )}
            </Stack>
            <Fieldset.Root size="sm">
              <Fieldset.Legend>
                <FormattedMessage id="risk_scoring.try.record_conditions" />
              </Fieldset.Legend>
              <Stack gap="2" mt="1">
                {CONDITIONS.map((condition) => (
                  <Checkbox.Root
                    key={condition}
                    size="sm"
                    colorPalette="brand"
                    checked={trial.records.includes(condition)}
                    onCheckedChange={(d) => patch({ records: d.checked ? [...trial.records, condition] : trial.records.filter((r) => r !== condition) })}
                    data-testid={`try-record-${condition}`}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{recordLabel(intl, condition)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Fieldset.Root>
          </Grid>
        )}
        <HStack gap="3" wrap="wrap">
          <Button type="button" colorPalette="brand" variant="outline" loading={trying} disabled={busy && !trying} onClick={() => editor.send({ type: 'TRY' })} data-testid="try-run">
            <LuFlaskConical /> <FormattedMessage id="risk_scoring.try.run" />
          </Button>
          {blocked && (
            <Text fontSize="sm" color="fg.error" data-testid="try-blocked">
              <FormattedMessage id="risk_scoring.try.blocked" />
            </Text>
          )}
        </HStack>
        {error && <ServerError message={error.message} code={error.code} />}
        {result && stale && (
          <Alert.Root status="warning" size="sm" data-testid="try-stale">
            <Alert.Indicator />
            <Alert.Description>
              <FormattedMessage id="risk_scoring.try.stale" />
            </Alert.Description>
          </Alert.Root>
        )}
        {result && <TrialResult result={result} />}
      </Card.Body>
    </Card.Root>
  );
}
