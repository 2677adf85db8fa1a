/**
 * How a risk-scoring engine scored one hit (common/risk-scoring.ts RiskBreakdown): the score against the
 * engine's thresholds, the outcome, the decision and the risk level, then every rule, met or missed and
 * why. Shown by the engine editor's "try it" panel and by a case entity's Risk Analysis tab.
 */
import { Badge, Box, Flex, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCircleCheck, LuCircleMinus } from 'react-icons/lu';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { HitOutcome, RiskBreakdown as Breakdown, RiskDecision, RuleResult } from '@common/risk-scoring';
import { countryName } from '../lib/countries';
import { valueLabel } from '../lib/valueLabels';
import { Name } from './Name';

const OUTCOME_COLOURS: Record<HitOutcome, string> = {
  blacklisted: 'red',
  whitelisted: 'blue',
  high_risk: 'red',
  medium_risk: 'orange',
  low_risk: 'green',
  below_threshold: 'gray',
};
const DECISION_COLOURS: Record<RiskDecision, string> = { passed: 'green', 'for review': 'orange', failed: 'red' };
const RISK_COLOURS: Record<string, string> = { High: 'red', Medium: 'orange', Low: 'green', Whitelist: 'blue', Unknown: 'gray' };

/** 'for review' -> for_review */
const slug = (value: string) => value.replace(/\s+/g, '_');

export const outcomeLabel = (intl: IntlShape, outcome: string) => intl.formatMessage({ id: `risk_scoring.outcome.${outcome}`, defaultMessage: outcome });
export const decisionLabel = (intl: IntlShape, decision: string) => intl.formatMessage({ id: `risk_scoring.decision.${slug(decision)}`, defaultMessage: decision });
export const categoryLabel = (intl: IntlShape, category: string) =>
  category === 'any' ? intl.formatMessage({ id: 'risk_scoring.category.any' }) : valueLabel(intl, 'database', category);
export const recordLabel = (intl: IntlShape, record: string) => intl.formatMessage({ id: `risk_scoring.record.${record}`, defaultMessage: record });
export const ruleCountryLabel = (intl: IntlShape, country: string) => (country === 'any' ? intl.formatMessage({ id: 'risk_scoring.country.any' }) : countryName(country, intl.locale));

export function DecisionBadge({ decision }: { decision: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={DECISION_COLOURS[decision as RiskDecision] ?? 'gray'} variant="solid" data-testid="risk-decision">
      {decisionLabel(intl, decision)}
    </Badge>
  );
}

export function OutcomeBadge({ outcome }: { outcome: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={OUTCOME_COLOURS[outcome as HitOutcome] ?? 'gray'} variant="subtle" data-testid="risk-outcome">
      {outcomeLabel(intl, outcome)}
    </Badge>
  );
}

/** The score on a scale with the engine's thresholds marked, so one sees which band it fell in. */
/** One of the figures beside the score: its name, then its badge. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" minW="20">
        <FormattedMessage id={label} />
      </Text>
      {children}
    </HStack>
  );
}

function ScoreScale({ breakdown }: { breakdown: Breakdown }) {
  const intl = useIntl();
  const { score, thresholds } = breakdown;
  const top = Math.max(thresholds.high * 1.25, score * 1.05, 1);
  const at = (value: number) => `${Math.min(100, (value / top) * 100)}%`;
  const marks: [string, number][] = [
    ...(thresholds.low !== null ? ([['low', thresholds.low]] as [string, number][]) : []),
    ['medium', thresholds.medium],
    ['high', thresholds.high],
  ];
  return (
    <Box position="relative" pt="1" pb="6" aria-hidden>
      <Box position="relative" h="2.5" rounded="full" bg="gray.100" overflow="hidden">
        <Box position="absolute" insetInlineStart="0" top="0" bottom="0" width={at(score)} bg={`${OUTCOME_COLOURS[breakdown.outcome]}.solid`} rounded="full" />
      </Box>
      {marks.map(([band, value]) => (
        <Box key={band} position="absolute" top="0" insetInlineStart={at(value)} h="4.5" borderInlineStartWidth="2px" borderColor="fg.muted">
          <Text position="absolute" top="4.5" insetInlineStart="0" transform="translateX(-50%)" _rtl={{ transform: 'translateX(50%)' }} fontSize="2xs" color="fg.muted" whiteSpace="nowrap">
            {intl.formatNumber(value)}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/** Why a rule missed, from the part that failed and, when known, what the hit is. */
function missedText(intl: IntlShape, rule: RuleResult, facts?: { database?: string; countries?: string[] }): ReactNode {
  if (rule.missed === 'country') {
    const countries = facts?.countries?.length ? intl.formatList(facts.countries.map((c) => countryName(c, intl.locale))) : null;
    return countries
      ? intl.formatMessage({ id: 'risk_scoring.breakdown.why_country_listed' }, { country: ruleCountryLabel(intl, rule.country), countries })
      : intl.formatMessage({ id: 'risk_scoring.breakdown.why_country' }, { country: ruleCountryLabel(intl, rule.country) });
  }
  if (rule.missed === 'category') {
    return facts?.database
      ? intl.formatMessage({ id: 'risk_scoring.breakdown.why_category_listed' }, { category: categoryLabel(intl, rule.category), database: categoryLabel(intl, facts.database) })
      : intl.formatMessage({ id: 'risk_scoring.breakdown.why_category' }, { category: categoryLabel(intl, rule.category) });
  }
  return intl.formatMessage({ id: 'risk_scoring.breakdown.why_record' }, { record: recordLabel(intl, rule.record) });
}

interface Props {
  breakdown: Breakdown;
  /** What is known about the hit, to say why a rule missed ("listed for Egypt", "appears on Sanctions"). */
  facts?: { database?: string; countries?: string[] };
  /** Name the engine and its version above the score (Risk Analysis); the editor knows which engine it shows. */
  showEngine?: boolean;
  testId?: string;
}

export function RiskBreakdown({ breakdown, facts, showEngine = false, testId = 'risk-breakdown' }: Props) {
  const intl = useIntl();
  const { thresholds } = breakdown;
  return (
    <Stack gap="4" data-testid={testId}>
      {showEngine && (
        <Text fontSize="sm" color="fg.muted" data-testid="risk-breakdown-engine">
          <FormattedMessage
            id="risk_scoring.breakdown.engine"
            values={{ title: <Name fontWeight="semibold" color="fg">{breakdown.engine.title}</Name>, version: breakdown.engine.version, model: <Name>{breakdown.engine.model_name}</Name> }}
          />
        </Text>
      )}
      <Flex gap={{ base: '4', md: '8' }} wrap="wrap" align="flex-start">
        <Stack gap="1" minW="56" flex="1">
          <HStack justify="space-between" align="baseline">
            <Text fontSize="xs" color="fg.muted" textTransform="uppercase">
              <FormattedMessage id="risk_scoring.breakdown.score" />
            </Text>
            <Text fontSize="2xl" fontWeight="bold" lineHeight="1" data-testid="risk-score">
              {intl.formatNumber(breakdown.score)}
            </Text>
          </HStack>
          <ScoreScale breakdown={breakdown} />
          <Text fontSize="xs" color="fg.muted" data-testid="risk-thresholds">
            {thresholds.low !== null ? (
              <FormattedMessage id="risk_scoring.breakdown.thresholds" values={{ low: intl.formatNumber(thresholds.low), medium: intl.formatNumber(thresholds.medium), high: intl.formatNumber(thresholds.high) }} />
            ) : (
              <FormattedMessage id="risk_scoring.breakdown.thresholds_no_low" values={{ medium: intl.formatNumber(thresholds.medium), high: intl.formatNumber(thresholds.high) }} />
            )}
          </Text>
        </Stack>
        <Stack gap="2" minW="48">
          <Labelled label="risk_scoring.breakdown.outcome">
            <OutcomeBadge outcome={breakdown.outcome} />
          </Labelled>
          <Labelled label="risk_scoring.breakdown.decision">
            <DecisionBadge decision={breakdown.decision} />
          </Labelled>
          <Labelled label="risk_scoring.breakdown.risk_level">
            <Badge colorPalette={RISK_COLOURS[breakdown.risk_level] ?? 'gray'} variant="outline" data-testid="risk-breakdown-level">
              {valueLabel(intl, 'risk_level', breakdown.risk_level)}
            </Badge>
          </Labelled>
        </Stack>
      </Flex>
      <Text fontSize="sm" data-testid="risk-outcome-explained">
        <FormattedMessage
          id={`risk_scoring.breakdown.explain_${breakdown.outcome}`}
          values={{ score: intl.formatNumber(breakdown.score), low: intl.formatNumber(thresholds.low ?? 0), medium: intl.formatNumber(thresholds.medium), high: intl.formatNumber(thresholds.high) }}
        />
      </Text>
      <Box overflowX="auto">
        <Table.Root size="sm" variant="outline" aria-label={intl.formatMessage({ id: 'risk_scoring.breakdown.rules_label' })}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <FormattedMessage id="risk_scoring.fields.country" />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <FormattedMessage id="risk_scoring.fields.category" />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <FormattedMessage id="risk_scoring.fields.record" />
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <FormattedMessage id="risk_scoring.fields.weightage" />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <FormattedMessage id="risk_scoring.breakdown.result" />
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {breakdown.rules.map((rule, i) => (
              <Table.Row key={i} data-testid="risk-rule-row" data-matched={rule.matched}>
                <Table.Cell>{ruleCountryLabel(intl, rule.country)}</Table.Cell>
                <Table.Cell>{categoryLabel(intl, rule.category)}</Table.Cell>
                <Table.Cell>{recordLabel(intl, rule.record)}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {/* "+80" keeps its sign in front on a right-to-left page. */}
                  {rule.matched ? (
                    <Text as="span" dir="ltr">
                      +{intl.formatNumber(rule.weightage)}
                    </Text>
                  ) : (
                    <Text as="span" color="fg.muted">
                      {intl.formatNumber(rule.weightage)}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {rule.matched ? (
                    <HStack gap="1.5" color="green.fg">
                      <LuCircleCheck aria-hidden />
                      <Text fontWeight="medium">
                        <FormattedMessage id="risk_scoring.breakdown.met" />
                      </Text>
                    </HStack>
                  ) : (
                    <HStack gap="1.5" align="flex-start">
                      <Box color="fg.muted" pt="0.5">
                        <LuCircleMinus aria-hidden />
                      </Box>
                      <Stack gap="0">
                        <Text fontWeight="medium">
                          <FormattedMessage id="risk_scoring.breakdown.missed" />
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {missedText(intl, rule, facts)}
                        </Text>
                      </Stack>
                    </HStack>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
