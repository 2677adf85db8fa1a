/**
 * A screened case's entity results as every screen that shows them draws them (the case's search results,
 * the demo): the filter bar (relevance, database, match status, sort, each with its count) and the table
 * of hits with profile, countries and dates, score and relevance, match status and risk level. The screen
 * keeps the filters (they go to the server) and says where a hit leads and whether hits can be ticked.
 */
import { Badge, Box, Card, Checkbox, Flex, HStack, Link as ChakraLink, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { LuShieldCheck } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { HitView } from '@common/cases';
import { DATABASES, MATCH_STATUSES, RELEVANCE } from '@common/enums';
import { EmptyMessage } from '../EmptyMessage';
import { Name } from '../Name';
import { Select } from '../Select';
import { Dates, MatchBadge, RelevanceBadges, RiskBadge, datesLabelId, datesText, useCountryNames, valueLabel } from './labels';
import { ScoreBar } from './ScoreBar';

/** Counts of a case's hits per relevance label, database and match status (the answer's facets). */
export interface HitFacets {
  relevance: Record<string, number>;
  database: Record<string, number>;
  match_status: Record<string, number>;
}

/** The filters of a case's results as the screen keeps them; '' is "all". */
export interface HitFilterValues {
  relevance: string[];
  database: string;
  match_status: string;
  sort_by: string;
}

export const NO_HIT_FILTERS: HitFilterValues = { relevance: [], database: '', match_status: '', sort_by: 'score' };

/** The query of search_result_filter (and the demo's open-user-search) for a reference and these filters. */
export function hitFilterQuery(reference: string, f: HitFilterValues): Record<string, string> {
  return {
    reference,
    sort_by: f.sort_by,
    ...(f.relevance.length ? { relevance: f.relevance.join(',') } : {}),
    ...(f.database ? { database: f.database } : {}),
    ...(f.match_status ? { match_status: f.match_status } : {}),
  };
}

export function HitFilters({ facets, value, onChange }: { facets: HitFacets; value: HitFilterValues; onChange: (patch: Partial<HitFilterValues>) => void }) {
  const intl = useIntl();
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Flex gap="4" wrap="wrap" align="center" justify="space-between">
          <Wrap gap="4" align="center">
            <Text fontSize="sm" fontWeight="medium" color="fg.muted">
              <FormattedMessage id="cases.fields.relevance" />
            </Text>
            {RELEVANCE.map((r) => (
              <Checkbox.Root
                key={r}
                size="sm"
                colorPalette="brand"
                checked={value.relevance.includes(r)}
                onCheckedChange={(d) => onChange({ relevance: d.checked ? [...value.relevance, r] : value.relevance.filter((x) => x !== r) })}
                data-testid={`filter-${r}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {valueLabel(intl, 'relevance', r)} ({facets.relevance[r] ?? 0})
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Wrap>
          <HStack gap="2">
            <Select
              size="sm"
              w="48"
              aria-label={intl.formatMessage({ id: 'cases.fields.database' })}
              value={value.database}
              onChange={(e) => onChange({ database: e.target.value })}
              options={[
                { value: '', label: intl.formatMessage({ id: 'cases.results.all_databases' }) },
                ...DATABASES.filter((d) => facets.database[d]).map((d) => ({ value: d, label: `${valueLabel(intl, 'database', d)} (${facets.database[d]})` })),
              ]}
            />
            <Select
              size="sm"
              w="44"
              aria-label={intl.formatMessage({ id: 'cases.fields.match_status' })}
              value={value.match_status}
              onChange={(e) => onChange({ match_status: e.target.value })}
              options={[
                { value: '', label: intl.formatMessage({ id: 'cases.results.all_statuses' }) },
                ...MATCH_STATUSES.filter((s) => facets.match_status[s]).map((s) => ({ value: s, label: `${valueLabel(intl, 'match_status', s)} (${facets.match_status[s]})` })),
              ]}
            />
            <Select
              size="sm"
              w="40"
              aria-label={intl.formatMessage({ id: 'cases.results.sort' })}
              value={value.sort_by}
              onChange={(e) => onChange({ sort_by: e.target.value })}
              options={[
                { value: 'score', label: intl.formatMessage({ id: 'cases.results.sort_score' }) },
                { value: 'name', label: intl.formatMessage({ id: 'cases.results.sort_name' }) },
              ]}
            />
          </HStack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

interface HitTableProps {
  hits: HitView[];
  /** The case's hits before filtering: none at all says "no results", some says "none match the filters". */
  hitCount: number;
  /** Where a hit's name leads (its entity detail); null: the name is not a link. */
  hrefOf: ((hit: HitView) => string) | null;
  /** Ticking hits for one decision, when the screen offers it. */
  selection?: { picked: string[]; onChange: (picked: string[]) => void };
}

export function HitTable({ hits, hitCount, hrefOf, selection }: HitTableProps) {
  const intl = useIntl();
  const countries = useCountryNames();
  return (
    <Card.Root>
      <Card.Body p="0">
        {hits.length === 0 ? (
          <Box py="10">
            <EmptyMessage
              icon={<LuShieldCheck />}
              testId="no-results"
              title={<FormattedMessage id={hitCount === 0 ? 'cases.results.none_title' : 'cases.results.filtered_title'} />}
              description={<FormattedMessage id={hitCount === 0 ? 'cases.results.none_body' : 'cases.results.filtered_body'} />}
            />
          </Box>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" interactive aria-label={intl.formatMessage({ id: 'pages.search_results' })}>
              <Table.Header>
                <Table.Row bg="gray.50">
                  {selection && (
                    <Table.ColumnHeader w="8">
                      <Checkbox.Root
                        size="sm"
                        colorPalette="brand"
                        aria-label={intl.formatMessage({ id: 'cases.results.select_all' })}
                        checked={selection.picked.length === 0 ? false : selection.picked.length === hits.length ? true : 'indeterminate'}
                        onCheckedChange={(d) => selection.onChange(d.checked === true ? hits.map((h) => h._id) : [])}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.ColumnHeader>
                  )}
                  {['profile', 'countries', 'match_score', 'match_status'].map((c) => (
                    <Table.ColumnHeader key={c} fontSize="xs" textTransform="uppercase" color="fg.muted" whiteSpace="nowrap">
                      <FormattedMessage id={`cases.fields.${c}`} />
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {hits.map((h) => (
                  <Table.Row key={h._id} data-testid="hit-row" verticalAlign="top">
                    {selection && (
                      <Table.Cell>
                        <Checkbox.Root
                          size="sm"
                          colorPalette="brand"
                          aria-label={intl.formatMessage({ id: 'cases.results.select_entity' }, { name: h.profile })}
                          checked={selection.picked.includes(h._id)}
                          onCheckedChange={(d) => selection.onChange(d.checked === true ? [...selection.picked, h._id] : selection.picked.filter((x) => x !== h._id))}
                          data-testid="hit-select"
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                        </Checkbox.Root>
                      </Table.Cell>
                    )}
                    <Table.Cell minW="56">
                      <Stack gap="0.5">
                        {hrefOf ? (
                          <ChakraLink asChild colorPalette="brand" fontWeight="semibold">
                            <Link href={hrefOf(h)} data-testid="hit-link">
                              <Name>{h.profile}</Name>
                            </Link>
                          </ChakraLink>
                        ) : (
                          <Text fontWeight="semibold">
                            <Name>{h.profile}</Name>
                          </Text>
                        )}
                        {h.matched_name !== h.profile && (
                          <Text fontSize="xs" color="fg.muted">
                            <FormattedMessage id="cases.results.matched_on" values={{ name: <Name>{h.matched_name}</Name> }} />
                          </Text>
                        )}
                        <Text fontSize="xs" color="fg.muted" data-testid="hit-appears-on">
                          {valueLabel(intl, 'database', h.appears_on.database)} · {h.appears_on.source}
                          {h.appears_on.programs.length ? ` · ${h.appears_on.programs.slice(0, 3).join(', ')}` : ''}
                        </Text>
                        {(h.listings ?? []).length > 1 && (
                          <Text fontSize="xs" color="fg.muted" data-testid="hit-also-on">
                            <FormattedMessage
                              id="cases.results.also_on"
                              values={{ sources: h.listings.filter((l) => l.source !== h.appears_on.source).map((l) => l.source).join('; ') }}
                            />
                          </Text>
                        )}
                        {h.is_updated && (
                          <Badge size="xs" colorPalette="purple" w="fit-content">
                            <FormattedMessage id="cases.results.updated" />
                          </Badge>
                        )}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell fontSize="sm" maxW="48">
                      <Stack gap="0.5">
                        <Text>{countries(h.countries) || '—'}</Text>
                        {datesText(intl, h.birth_dates) && (
                          <Text fontSize="xs" color="fg.muted" data-testid="hit-birth-date">
                            <FormattedMessage id={datesLabelId(h.birth_dates, h.entity_kind)} />: <Dates dates={h.birth_dates} />
                          </Text>
                        )}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell>
                      <Stack gap="1.5">
                        <ScoreBar score={h.match_score} />
                        <RelevanceBadges values={h.relevance} />
                      </Stack>
                    </Table.Cell>
                    <Table.Cell>
                      <Stack gap="1.5" align="start">
                        <MatchBadge value={h.match_status} />
                        <RiskBadge value={h.risk_level} />
                      </Stack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
