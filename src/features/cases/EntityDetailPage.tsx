/**
 * Entity detail (case-detail/{referenceNo}/{id}, case-details/...): tabs Key
 * Data, Linked Entities, Adverse Media and Risk Analysis, previous/next among
 * the case's entities, the decision panel (review statechart), monitoring
 * switches (monitoring statechart), history, comments and the entity report.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Field,
  Flex,
  Grid,
  HStack,
  IconButton,
  Link as ChakraLink,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { LuChevronLeft, LuChevronRight, LuFileDown, LuHistory, LuMessageSquare, LuSearch, LuUsers } from 'react-icons/lu';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useLocation, useParams } from 'wouter';
import { LIMITS } from '@common/constants';
import { MATCH_STATUSES, RISK_LEVELS } from '@common/enums';
import { parseIsoDate } from '@common/partial-dates';
import { selectPermissionNames, selectSession, selectUser } from '@machines/session/session.selectors';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { RiskBreakdown } from '../../components/RiskBreakdown';
import { SelectField } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { useSession } from '../../app/useSession';
import { downloadFile } from '../../lib/api';
import { messageById, messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { AdverseMediaTab } from './AdverseMediaTab';
import { useCaseChanges } from './api';
import { CaseBreadcrumbs, ScoreBar } from './CaseResultsPage';
import { CaseSidebar } from './CaseSidebar';
import { CommentsDrawer } from './CommentsDrawer';
import { HistoryDrawer } from './HistoryDrawer';
import { DateTime, MatchBadge, RelevanceBadges, RiskBadge, datesLabelId, datesText, isoDateText, useCountryNames, valueLabel, valueOptions } from './labels';
import { LinkedEntityModal } from './LinkedEntityModal';
import { MonitoringSwitch } from './MonitoringSwitch';
import type { HitDetailView, RecordAnswer } from './types';
import { useReview } from './useReview';

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

function KeyData({ hit }: { hit: HitDetailView }) {
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
function RiskAnalysis({ hit, threshold }: { hit: HitDetailView; threshold: number }) {
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

function DecisionPanel({ hit, reference, readOnly, onSaved }: { hit: HitDetailView; reference: string; readOnly: boolean; onSaved: () => void }) {
  const intl = useIntl();
  const actor = useReview(onSaved);
  const state = useSelector(actor, (s) => s);
  const draft = state.context.draft;
  const open = () => actor.send({ type: 'OPEN', target: { kind: 'entities', reference, ids: [hit._id] }, draft: { match_status: hit.match_status, risk_level: hit.risk_level } });
  useEffect(open, [hit._id, hit.match_status, hit.risk_level]); // eslint-disable-line react-hooks/exhaustive-deps
  const busy = state.hasTag('busy');
  return (
    <TitledCard size="sm" data-testid="decision-panel" titleSize="md" title={<FormattedMessage id="cases.decision.title" />}>
      <Stack gap="3">
        <SelectField
          label={<FormattedMessage id="cases.fields.match_status" />}
          labelSize="sm"
          size="sm"
          disabled={readOnly}
          name="match_status"
          data-testid="decision-match-status"
          value={draft.match_status ?? ''}
          onChange={(e) => actor.send({ type: 'EDIT', patch: { match_status: e.target.value as never } })}
          options={valueOptions(intl, 'match_status', MATCH_STATUSES)}
        />
        <SelectField
          label={<FormattedMessage id="cases.fields.risk_level" />}
          labelSize="sm"
          size="sm"
          disabled={readOnly}
          name="risk_level"
          data-testid="decision-risk-level"
          value={draft.risk_level ?? ''}
          onChange={(e) => actor.send({ type: 'EDIT', patch: { risk_level: e.target.value as never } })}
          options={valueOptions(intl, 'risk_level', RISK_LEVELS)}
        />
        <Field.Root invalid={state.context.invalid?.field === 'comment'}>
          <Field.Label fontSize="sm">
            <FormattedMessage id="cases.fields.comment" />
          </Field.Label>
          <Textarea
            name="comment"
            data-testid="decision-comment"
            size="sm"
            rows={3}
            disabled={readOnly}
            maxLength={LIMITS.comment.max + 10}
            value={draft.comment}
            onChange={(e) => actor.send({ type: 'EDIT', patch: { comment: e.target.value } })}
          />
          {state.context.invalid && <Field.ErrorText data-testid="field-error">{messageById(state.context.invalid.message)}</Field.ErrorText>}
        </Field.Root>
        <ServerError message={state.context.error} code={state.context.errorCode} />
        <Button colorPalette="brand" size="sm" loading={busy} disabled={readOnly} onClick={() => (state.hasTag('saved') ? open() : actor.send({ type: 'SUBMIT' }))} data-testid="decision-save">
          <FormattedMessage id="cases.decision.save" />
        </Button>
        {hit.decided_by && (
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="cases.decision.last" values={{ name: hit.decided_by.name }} /> <DateTime value={hit.decided_at} />
          </Text>
        )}
      </Stack>
    </TitledCard>
  );
}

export default function EntityDetailPage() {
  const intl = useIntl();
  const { referenceNo, id } = useParams<{ referenceNo: string; id: string }>();
  const [location, navigate] = useLocation();
  const base = location.startsWith('/case-details/') ? '/case-details' : '/case-detail';
  const permissions = useSession(selectPermissionNames);
  const user = useSession(selectUser);
  const isAdmin = useSession((s) => selectSession(s)?.role.is_admin ?? false);
  const record = useResource<RecordAnswer>('/record', { reference: referenceNo, id });
  useCaseChanges(referenceNo, record.reload);
  const [panel, setPanel] = useState<'history' | 'comments' | null>(null);
  const [linked, setLinked] = useState<string | null>(null);
  const [tab, setTab] = useState('key_data');

  if (record.error && !record.data) return <ServerError message={record.error.message} code={record.error.code} />;
  if (!record.data) return <Skeleton height="64" />;
  const { case: kase, entity: hit } = record.data;
  const canUpdate = permissions.includes('update_case');
  const readOnly = kase.is_deleted;
  const linkedNames: string[] = ((hit.entity as any).linked_to ?? []) as string[];

  return (
    <Box>
      <CaseBreadcrumbs reference={kase.reference} entity={hit.profile} />
      <Flex justify="space-between" align="flex-end" gap="4" mb="5" wrap="wrap">
        <Stack gap="1">
          <HStack gap="3" wrap="wrap">
            <Text as="h1" fontSize="2xl" fontWeight="bold" data-testid="page-title">
              <Name>{hit.profile}</Name>
            </Text>
            <MatchBadge value={hit.match_status} />
            <RiskBadge value={hit.risk_level} />
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="cases.entity.subtitle" values={{ reference: kase.reference, source: hit.appears_on.source }} />
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <HStack gap="1" data-testid="entity-pager">
            <IconButton size="sm" variant="outline" aria-label={intl.formatMessage({ id: 'cases.entity.previous' })} disabled={!hit.previous_id} onClick={() => navigate(`${base}/${kase.reference}/${hit.previous_id}`)}>
              <DirectionalIcon>
                <LuChevronLeft />
              </DirectionalIcon>
            </IconButton>
            <Text fontSize="sm" minW="16" textAlign="center">
              <FormattedMessage id="cases.entity.position" values={{ index: hit.index, total: hit.total }} />
            </Text>
            <IconButton size="sm" variant="outline" aria-label={intl.formatMessage({ id: 'cases.entity.next' })} disabled={!hit.next_id} onClick={() => navigate(`${base}/${kase.reference}/${hit.next_id}`)}>
              <DirectionalIcon>
                <LuChevronRight />
              </DirectionalIcon>
            </IconButton>
          </HStack>
          <Button variant="outline" size="sm" onClick={() => setPanel('history')} data-testid="open-history">
            <LuHistory /> <FormattedMessage id="cases.actions.history" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setPanel('comments')} data-testid="open-comments">
            <LuMessageSquare /> <FormattedMessage id="cases.actions.comments" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => downloadFile('/case-report', { reference: kase.reference, id: hit._id }, `case-${kase.reference}-${hit.position}.pdf`).catch((f) => notify.error(messageText(f.code, f.message)))} data-testid="download-report">
            <LuFileDown /> <FormattedMessage id="cases.actions.report" />
          </Button>
        </HStack>
      </Flex>

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 340px' }} gap="6" alignItems="start">
        <Card.Root>
          <Card.Body>
            <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value)} colorPalette="brand" variant="line">
              <Tabs.List mb="4">
                <Tabs.Trigger value="key_data" data-testid="tab-key-data">
                  <FormattedMessage id="cases.entity.tab_key_data" />
                </Tabs.Trigger>
                <Tabs.Trigger value="linked" data-testid="tab-linked">
                  <FormattedMessage id="cases.entity.tab_linked" /> {linkedNames.length > 0 && <Badge size="xs">{linkedNames.length}</Badge>}
                </Tabs.Trigger>
                <Tabs.Trigger value="media" data-testid="tab-media">
                  <FormattedMessage id="cases.entity.tab_media" />
                </Tabs.Trigger>
                <Tabs.Trigger value="risk" data-testid="tab-risk">
                  <FormattedMessage id="cases.entity.tab_risk" />
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="key_data">
                <KeyData hit={hit} />
              </Tabs.Content>
              <Tabs.Content value="linked">
                {linkedNames.length === 0 ? (
                  <EmptyMessage icon={<LuUsers />} title={<FormattedMessage id="cases.entity.no_linked" />} description={<FormattedMessage id="cases.entity.no_linked_body" />} />
                ) : (
                  <Stack gap="2" data-testid="linked-entities">
                    {linkedNames.map((name) => (
                      <Flex key={name} justify="space-between" align="center" borderWidth="1px" rounded="md" px="3" py="2">
                        <Text fontWeight="medium">
                          <Name>{name}</Name>
                        </Text>
                        <Button size="xs" variant="outline" onClick={() => setLinked(name)}>
                          <LuSearch /> <FormattedMessage id="cases.entity.search_linked" />
                        </Button>
                      </Flex>
                    ))}
                  </Stack>
                )}
              </Tabs.Content>
              <Tabs.Content value="media">
                <AdverseMediaTab reference={kase.reference} entityId={hit._id} active={tab === 'media'} />
              </Tabs.Content>
              <Tabs.Content value="risk">
                <RiskAnalysis hit={hit} threshold={kase.match_score} />
              </Tabs.Content>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>

        <Stack gap="4">
          {canUpdate && <DecisionPanel hit={hit} reference={kase.reference} readOnly={readOnly} onSaved={record.reload} />}
          {canUpdate && (
            <Card.Root size="sm">
              <Card.Body>
                <Stack gap="3">
                  <MonitoringSwitch reference={kase.reference} entityId={hit._id} kind="aml" enabled={hit.aml_monitoring} disabled={readOnly} onSaved={record.reload} />
                  <MonitoringSwitch reference={kase.reference} entityId={hit._id} kind="adverse_media" enabled={hit.adverse_media_monitoring} disabled={readOnly} onSaved={record.reload} />
                </Stack>
              </Card.Body>
            </Card.Root>
          )}
          <CaseSidebar kase={kase} />
        </Stack>
      </Grid>

      <HistoryDrawer open={panel === 'history'} onClose={() => setPanel(null)} reference={kase.reference} entityId={hit._id} />
      <CommentsDrawer
        open={panel === 'comments'}
        onClose={() => setPanel(null)}
        reference={kase.reference}
        entityId={hit._id}
        userId={user?._id ?? ''}
        canComment={permissions.includes('post_comment_on_case')}
        isAdmin={isAdmin}
        readOnly={readOnly}
        onChanged={record.reload}
      />
      <LinkedEntityModal name={linked} onClose={() => setLinked(null)} />
    </Box>
  );
}
