/**
 * One entity of a screened case as every screen that shows it draws it (the case's entity detail, the
 * demo): Key Data (names, dates, places, nationality, positions, identifiers, addresses, the lists it
 * appears on), Risk Analysis (why the engine matched, feature by feature, and the risk engine's score),
 * and the previous/next pager among the case's entities.
 */
import { Badge, Card, DataList, Grid, HStack, IconButton, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { HitDetailView } from '@common/cases';
import { parseIsoDate } from '@common/partial-dates';
import { DirectionalIcon } from '../DirectionalIcon';
import { Name } from '../Name';
import { RiskBreakdown } from '../RiskBreakdown';
import { TitledCard } from '../TitledCard';
import { RelevanceBadges, RiskBadge, datesLabelId, datesText, isoDateText, useCountryNames, valueLabel } from './labels';
import { ScoreBar } from './ScoreBar';

function Pair({ label, children }: { label: ReactNode; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || (Array.isArray(children) && children.length === 0)) return null;
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** An entity several lists publish: each listing with its list, programmes, name there, date and record id. */
function Listings({ hit }: { hit: HitDetailView }) {
  const intl = useIntl();
  return (
    <Stack gap="2" data-testid="hit-listings">
      <Text fontSize="xs" color="fg.muted">
        <FormattedMessage id="cases.entity.listings_merged" values={{ count: hit.listings.length }} />
      </Text>
      {hit.listings.map((l) => (
        <Stack key={l.id} gap="0.5" data-testid="hit-listing">
          <Text fontSize="sm">
            {valueLabel(intl, 'database', l.database)} · {l.source}
            {l.listed_on ? ` · ${isoDateText(intl, l.listed_on)}` : ''}
          </Text>
          {l.name && l.name !== hit.profile && (
            <Text fontSize="xs" color="fg.muted">
              <FormattedMessage id="cases.entity.listed_as" values={{ name: <Name>{l.name}</Name> }} />
            </Text>
          )}
          <HStack gap="1" wrap="wrap">
            {l.programs.map((p) => (
              <Badge key={p} size="sm" variant="outline">
                {p}
              </Badge>
            ))}
            <Text fontSize="xs" color="fg.subtle" fontFamily="mono">
              {l.source_url ? (
                <ChakraLink href={l.source_url} target="_blank" rel="noreferrer">
                  {l.id}
                </ChakraLink>
              ) : (
                l.id
              )}
            </Text>
          </HStack>
        </Stack>
      ))}
    </Stack>
  );
}

export function EntityKeyData({ hit }: { hit: HitDetailView }) {
  const intl = useIntl();
  const countries = useCountryNames();
  const e = hit.entity as any;
  const names: { full: string; kind: string }[] = e.names ?? [];
  return (
    <DataList.Root orientation="horizontal" size="md" gap="3" data-testid="key-data">
      <Pair label={<FormattedMessage id="cases.entity.primary_name" />}>
        <Name>{names.find((n) => n.kind === 'primary')?.full ?? hit.profile}</Name>
      </Pair>
      <Pair label={<FormattedMessage id="cases.entity.aliases" />}>
        {names.filter((n) => n.kind !== 'primary').length ? (
          <Stack gap="0.5">
            {names
              .filter((n) => n.kind !== 'primary')
              .map((n, i) => (
                <Text key={i} fontSize="sm">
                  <Name>{n.full}</Name>{' '}
                  <Text as="span" color="fg.muted" fontSize="xs">
                    ({valueLabel(intl, 'feature', `name_${n.kind}`)})
                  </Text>
                </Text>
              ))}
          </Stack>
        ) : null}
      </Pair>
      <Pair label={<FormattedMessage id="cases.entity.kind" />}>{valueLabel(intl, 'feature', `kind_${hit.entity_kind}`)}</Pair>
      <Pair label={<FormattedMessage id={datesLabelId(hit.birth_dates, hit.entity_kind)} />}>{datesText(intl, hit.birth_dates) || null}</Pair>
      <Pair label={<FormattedMessage id="cases.entity.places_of_birth" />}>{(e.places_of_birth ?? []).length ? <Name>{e.places_of_birth.join('; ')}</Name> : null}</Pair>
      <Pair label={<FormattedMessage id="cases.fields.nationality" />}>{countries(e.nationalities) || null}</Pair>
      <Pair label={<FormattedMessage id="cases.fields.countries" />}>{countries(hit.countries) || null}</Pair>
      <Pair label={<FormattedMessage id="cases.fields.gender" />}>{e.gender ? valueLabel(intl, 'gender', e.gender) : null}</Pair>
      <Pair label={<FormattedMessage id="cases.fields.occupation" />}>
        {(e.positions ?? []).length ? (
          <Stack gap="0.5">
            {e.positions.map((p: any, i: number) => (
              <Text key={i} fontSize="sm">
                <Name>{p.title}</Name>
                {p.start || p.end ? ` (${[p.start, p.end].filter(Boolean).map((d: string) => isoDateText(intl, d)).join(' – ')})` : ''}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Pair>
      <Pair label={<FormattedMessage id="cases.entity.identifiers" />}>
        {(e.identifiers ?? []).length ? (
          <Stack gap="0.5">
            {e.identifiers.map((x: any, i: number) => (
              <Text key={i} fontSize="sm">
                <Name>
                  {x.type}: <b>{x.number}</b>
                </Name>
                {x.country ? ` (${countries([x.country]) || x.country})` : ''}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Pair>
      <Pair label={<FormattedMessage id="cases.entity.addresses" />}>
        {(e.addresses ?? []).length ? (
          <Stack gap="0.5">
            {e.addresses.map((a: any, i: number) => (
              <Text key={i} fontSize="sm">
                <Name>{a.text}</Name>
              </Text>
            ))}
          </Stack>
        ) : null}
      </Pair>
      <Pair label={<FormattedMessage id="cases.fields.appears_on" />}>
        {(hit.listings ?? []).length > 1 ? (
          <Listings hit={hit} />
        ) : (
          <Stack gap="1">
            <Text fontSize="sm">
              {valueLabel(intl, 'database', hit.appears_on.database)} · {hit.appears_on.source}
            </Text>
            <HStack gap="1" wrap="wrap">
              {hit.appears_on.programs.map((p) => (
                <Badge key={p} size="sm" variant="outline">
                  {p}
                </Badge>
              ))}
            </HStack>
          </Stack>
        )}
      </Pair>
      <Pair label={<FormattedMessage id="cases.entity.listed_on" />}>{isoDateText(intl, e.listed_on) || null}</Pair>
      <Pair label={<FormattedMessage id="cases.entity.remarks" />}>{e.remarks ? (
          <Text fontSize="sm">
            <Name>{e.remarks}</Name>
          </Text>
        ) : null}</Pair>
      <Pair label={<FormattedMessage id="cases.entity.source_record" />}>
        <Text fontSize="sm" fontFamily="mono">
          {hit.entity_id}
        </Text>
      </Pair>
    </DataList.Root>
  );
}

/** The engine writes the dates it compared as ISO text ("1952-10-07 (circa)"); they are shown like every other date. */
function explainedValue(intl: IntlShape, feature: string, value: string) {
  if (feature !== 'birth_date' || !value) return value;
  return value
    .split(', ')
    .map((part) => {
      const approximate = part.endsWith(' (circa)');
      const date = parseIsoDate(part.replace(/ \(circa\)$/, ''));
      return date ? datesText(intl, [{ ...date, approximate }]) : part;
    })
    .join(', ');
}

/** Why the engine matched: each feature's contribution to the score, in words and as a bar. */
export function EntityRiskAnalysis({ hit, threshold }: { hit: HitDetailView; threshold: number }) {
  const intl = useIntl();
  const breakdown = hit.risk_breakdown;
  return (
    <Stack gap="5" data-testid="risk-analysis">
      {breakdown && (
        // The custom risk engine that decided the hit, as the case keeps it: its score, outcome and decision, rule by rule.
        <TitledCard size="sm" titleSize="md" variant="outline" title={<FormattedMessage id="cases.analysis.engine_title" />} data-testid="risk-engine-analysis">
          <RiskBreakdown breakdown={breakdown} showEngine facts={{ database: hit.appears_on.database, countries: hit.countries }} />
        </TitledCard>
      )}
      <Card.Root variant="subtle" size="sm">
        <Card.Body>
          <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
            <Stack gap="1">
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase">
                <FormattedMessage id="cases.fields.match_score" />
              </Text>
              <ScoreBar score={hit.match_score} />
              <Text fontSize="xs" color="fg.muted">
                <FormattedMessage id="cases.analysis.threshold" values={{ threshold }} />
              </Text>
            </Stack>
            <Stack gap="1">
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase">
                <FormattedMessage id="cases.fields.relevance" />
              </Text>
              <RelevanceBadges values={hit.relevance} />
            </Stack>
            <Stack gap="1">
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase">
                <FormattedMessage id="cases.fields.risk_level" />
              </Text>
              <HStack>
                <RiskBadge value={hit.risk_level} />
                <Text fontSize="sm" color="fg.muted">
                  {breakdown ? (
                    <FormattedMessage id="cases.analysis.risk_from_engine" />
                  ) : (
                    <FormattedMessage id="cases.analysis.risk_from" values={{ database: valueLabel(intl, 'database', hit.appears_on.database) }} />
                  )}
                </Text>
              </HStack>
            </Stack>
          </Grid>
        </Card.Body>
      </Card.Root>
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="cases.analysis.intro" />
      </Text>
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <FormattedMessage id="cases.analysis.feature" />
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <FormattedMessage id="cases.analysis.searched" />
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <FormattedMessage id="cases.analysis.listed" />
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <FormattedMessage id="cases.analysis.effect" />
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {hit.explanation.map((f, i) => {
            const points = Math.round(f.contribution * 100);
            return (
              <Table.Row key={i} data-testid="explanation-row">
                <Table.Cell>
                  <Stack gap="0.5">
                    <Text fontWeight="medium">{valueLabel(intl, 'feature', f.feature)}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {intl.messages[`cases.values.feature.${f.feature}_help`] ? intl.formatMessage({ id: `cases.values.feature.${f.feature}_help` }) : ''}
                    </Text>
                    {f.detail && (
                      <Text fontSize="xs" color="fg.subtle" fontFamily="mono">
                        {f.detail}
                      </Text>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell fontSize="sm">
                  <Name>{explainedValue(intl, f.feature, f.query_value) || '—'}</Name>
                </Table.Cell>
                <Table.Cell fontSize="sm">
                  <Name>{explainedValue(intl, f.feature, f.candidate_value) || '—'}</Name>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  {/* The first entry carries the base score: the name, or for a location an address or a sanctioned place. */}
                  <Badge colorPalette={points > 0 ? (i === 0 ? 'brand' : 'red') : points < 0 ? 'green' : 'gray'} variant="subtle">
                    {i === 0 ? intl.formatNumber(f.contribution, { style: 'percent' }) : `${points > 0 ? '+' : ''}${points}`}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

/** Previous and next among the case's entities (by score, as the results list them); onGo opens the one chosen. */
export function EntityPager({ hit, onGo }: { hit: HitDetailView; onGo: (entityId: string) => void }) {
  const intl = useIntl();
  return (
    <HStack gap="1" data-testid="entity-pager">
      <IconButton size="sm" variant="outline" aria-label={intl.formatMessage({ id: 'cases.entity.previous' })} disabled={!hit.previous_id} onClick={() => hit.previous_id && onGo(hit.previous_id)}>
        <DirectionalIcon>
          <LuChevronLeft />
        </DirectionalIcon>
      </IconButton>
      <Text fontSize="sm" minW="16" textAlign="center">
        <FormattedMessage id="cases.entity.position" values={{ index: hit.index, total: hit.total }} />
      </Text>
      <IconButton size="sm" variant="outline" aria-label={intl.formatMessage({ id: 'cases.entity.next' })} disabled={!hit.next_id} onClick={() => hit.next_id && onGo(hit.next_id)}>
        <DirectionalIcon>
          <LuChevronRight />
        </DirectionalIcon>
      </IconButton>
    </HStack>
  );
}
