/**
 * Search results (case/{referenceNo}): the case's entity results with the
 * server-side filters (search_result_filter), each with its match status and
 * risk level; the sidebars; review, history, comments and the PDF report.
 */
import { Badge, Box, Button, Card, Checkbox, Flex, Grid, HStack, Link as ChakraLink, Progress, Skeleton, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuClipboardCheck, LuFileDown, LuHistory, LuMessageSquare, LuShieldCheck } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { DATABASES, MATCH_STATUSES, RELEVANCE } from '@common/enums';
import { selectPermissionNames, selectSession, selectUser } from '@machines/session/session.selectors';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { Select } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { useSession } from '../../app/useSession';
import { downloadFile } from '../../lib/api';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { useCaseChanges } from './api';
import { CaseSidebar } from './CaseSidebar';
import { CommentsDrawer } from './CommentsDrawer';
import { HistoryDrawer } from './HistoryDrawer';
import { CaseStatusBadge, Dates, MatchBadge, RelevanceBadges, RiskBadge, datesLabelId, datesText, useCountryNames, valueLabel } from './labels';
import { MonitoringSwitch } from './MonitoringSwitch';
import { ReviewDialog } from './ReviewDialog';
import type { ResultsAnswer } from './types';
import { useReview } from './useReview';

/** Where a case's pages sit: Manage Case › Create New Case › Search results (› the entity). */
export function CaseBreadcrumbs({ reference, entity }: { reference: string; entity?: string }) {
  return (
    <Breadcrumbs
      items={[
        { label: <FormattedMessage id="nav.item.manage_case" />, href: '/manage-case' },
        { label: <FormattedMessage id="nav.item.create_new_case" />, href: '/make-case' },
        { label: <FormattedMessage id="pages.search_results" />, href: entity ? `/case/${reference}` : undefined },
        ...(entity ? [{ label: <Name>{entity}</Name> }] : []),
      ]}
    />
  );
}

export function ScoreBar({ score }: { score: number }) {
  const intl = useIntl();
  const colour = score >= 90 ? 'red' : score >= 80 ? 'orange' : 'yellow';
  return (
    <HStack gap="2" minW="28">
      <Progress.Root value={score} size="sm" colorPalette={colour} flex="1" aria-label={intl.formatMessage({ id: 'cases.fields.match_score' })}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" fontWeight="semibold" data-testid="hit-score">
        {intl.formatNumber(score / 100, { style: 'percent' })}
      </Text>
    </HStack>
  );
}

export default function CaseResultsPage() {
  const intl = useIntl();
  const { referenceNo } = useParams<{ referenceNo: string }>();
  const permissions = useSession(selectPermissionNames);
  const user = useSession(selectUser);
  const isAdmin = useSession((s) => selectSession(s)?.role.is_admin ?? false);
  const canUpdate = permissions.includes('update_case');
  const canDetail = permissions.includes('view_case_result_detail');
  const [relevance, setRelevance] = useState<string[]>([]);
  const [database, setDatabase] = useState<string>('');
  const [matchStatus, setMatchStatus] = useState<string>('');
  const [sortBy, setSortBy] = useState('score');
  const [panel, setPanel] = useState<'history' | 'comments' | null>(null);
  // Entities ticked for one decision (clearing several false positives at once).
  const [picked, setPicked] = useState<string[]>([]);
  const query = useMemo(
    () => ({ reference: referenceNo, sort_by: sortBy, ...(relevance.length ? { relevance: relevance.join(',') } : {}), ...(database ? { database } : {}), ...(matchStatus ? { match_status: matchStatus } : {}) }),
    [referenceNo, relevance, database, matchStatus, sortBy],
  );
  const results = useResource<ResultsAnswer>('/search_result_filter', query);
  useCaseChanges(referenceNo, results.reload);
  const countries = useCountryNames();

  const review = useReview(() => {
    review.send({ type: 'CLOSE' });
    setPicked([]);
    results.reload();
  });

  if (results.error && !results.data) return <ServerError message={results.error.message} code={results.error.code} />;
  const data = results.data;
  if (!data) return <Skeleton height="64" />;
  const kase = data.case;
  const readOnly = kase.is_deleted;
  const facets = data.facets;

  return (
    <Box>
      <CaseBreadcrumbs reference={kase.reference} />
      <Flex justify="space-between" align={{ base: 'stretch', lg: 'flex-end' }} gap="4" mb="5" wrap="wrap">
        <Stack gap="1">
          <HStack gap="3" wrap="wrap">
            <Text as="h1" fontSize="2xl" fontWeight="bold" data-testid="page-title">
              <FormattedMessage id="cases.results.title" values={{ name: <Name>{kase.search_term}</Name> }} />
            </Text>
            <CaseStatusBadge value={kase.case_status} />
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="cases.results.subtitle" values={{ reference: kase.reference, count: kase.hit_count, score: kase.match_score }} />
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" size="sm" onClick={() => setPanel('history')} data-testid="open-history">
            <LuHistory /> <FormattedMessage id="cases.actions.history" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setPanel('comments')} data-testid="open-comments">
            <LuMessageSquare /> <FormattedMessage id="cases.actions.comments" />
            {kase.comments > 0 && <Badge size="xs">{kase.comments}</Badge>}
          </Button>
          <Button variant="outline" size="sm" onClick={() => downloadFile('/generate-pdf', { reference: kase.reference }, `case-${kase.reference}.pdf`).catch((f) => notify.error(messageText(f.code, f.message)))} data-testid="download-report">
            <LuFileDown /> <FormattedMessage id="cases.actions.report" />
          </Button>
          {canUpdate && !readOnly && picked.length > 0 && (
            <Button variant="outline" colorPalette="brand" size="sm" onClick={() => review.send({ type: 'OPEN', target: { kind: 'entities', reference: kase.reference, ids: picked } })} data-testid="decide-entities">
              <LuClipboardCheck /> <FormattedMessage id="cases.results.decide_selected" values={{ count: picked.length }} />
            </Button>
          )}
          {canUpdate && !readOnly && (
            <Button colorPalette="brand" size="sm" onClick={() => review.send({ type: 'OPEN', target: { kind: 'cases', references: [kase.reference] } })} data-testid="review-case">
              <LuClipboardCheck /> <FormattedMessage id="cases.actions.review_case" />
            </Button>
          )}
        </HStack>
      </Flex>

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 340px' }} gap="6" alignItems="start">
        <Stack gap="4">
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
                      checked={relevance.includes(r)}
                      onCheckedChange={(d) => setRelevance((cur) => (d.checked ? [...cur, r] : cur.filter((x) => x !== r)))}
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
                    value={database}
                    onChange={(e) => setDatabase(e.target.value)}
                    options={[
                      { value: '', label: intl.formatMessage({ id: 'cases.results.all_databases' }) },
                      ...DATABASES.filter((d) => facets.database[d]).map((d) => ({ value: d, label: `${valueLabel(intl, 'database', d)} (${facets.database[d]})` })),
                    ]}
                  />
                  <Select
                    size="sm"
                    w="44"
                    aria-label={intl.formatMessage({ id: 'cases.fields.match_status' })}
                    value={matchStatus}
                    onChange={(e) => setMatchStatus(e.target.value)}
                    options={[
                      { value: '', label: intl.formatMessage({ id: 'cases.results.all_statuses' }) },
                      ...MATCH_STATUSES.filter((s) => facets.match_status[s]).map((s) => ({ value: s, label: `${valueLabel(intl, 'match_status', s)} (${facets.match_status[s]})` })),
                    ]}
                  />
                  <Select
                    size="sm"
                    w="40"
                    aria-label={intl.formatMessage({ id: 'cases.results.sort' })}
                    value={sortBy}
                    onChange={(e) => setSortBy(e.target.value)}
                    options={[
                      { value: 'score', label: intl.formatMessage({ id: 'cases.results.sort_score' }) },
                      { value: 'name', label: intl.formatMessage({ id: 'cases.results.sort_name' }) },
                    ]}
                  />
                </HStack>
              </Flex>
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Body p="0">
              {data.data.length === 0 ? (
                <Box py="10">
                  <EmptyMessage
                    icon={<LuShieldCheck />}
                    testId="no-results"
                    title={<FormattedMessage id={kase.hit_count === 0 ? 'cases.results.none_title' : 'cases.results.filtered_title'} />}
                    description={<FormattedMessage id={kase.hit_count === 0 ? 'cases.results.none_body' : 'cases.results.filtered_body'} />}
                  />
                </Box>
              ) : (
                <Box overflowX="auto">
                  <Table.Root size="sm" interactive aria-label={intl.formatMessage({ id: 'pages.search_results' })}>
                    <Table.Header>
                      <Table.Row bg="gray.50">
                        {canUpdate && !readOnly && (
                          <Table.ColumnHeader w="8">
                            <Checkbox.Root
                              size="sm"
                              colorPalette="brand"
                              aria-label={intl.formatMessage({ id: 'cases.results.select_all' })}
                              checked={picked.length === 0 ? false : picked.length === data.data.length ? true : 'indeterminate'}
                              onCheckedChange={(d) => setPicked(d.checked === true ? data.data.map((h) => h._id) : [])}
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
                      {data.data.map((h) => (
                        <Table.Row key={h._id} data-testid="hit-row" verticalAlign="top">
                          {canUpdate && !readOnly && (
                            <Table.Cell>
                              <Checkbox.Root
                                size="sm"
                                colorPalette="brand"
                                aria-label={intl.formatMessage({ id: 'cases.results.select_entity' }, { name: h.profile })}
                                checked={picked.includes(h._id)}
                                onCheckedChange={(d) => setPicked((cur) => (d.checked === true ? [...cur, h._id] : cur.filter((x) => x !== h._id)))}
                                data-testid="hit-select"
                              >
                                <Checkbox.HiddenInput />
                                <Checkbox.Control />
                              </Checkbox.Root>
                            </Table.Cell>
                          )}
                          <Table.Cell minW="56">
                            <Stack gap="0.5">
                              {canDetail ? (
                                <ChakraLink asChild colorPalette="brand" fontWeight="semibold">
                                  <Link href={`/case-detail/${kase.reference}/${h._id}`} data-testid="hit-link">
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
        </Stack>

        <CaseSidebar kase={kase}>
          {canUpdate && (
            <>
              <MonitoringSwitch reference={kase.reference} kind="aml" enabled={kase.aml_monitoring} disabled={readOnly} onSaved={results.reload} />
              <MonitoringSwitch reference={kase.reference} kind="adverse_media" enabled={kase.adverse_media_monitoring} disabled={readOnly} onSaved={results.reload} />
            </>
          )}
        </CaseSidebar>
      </Grid>

      <ReviewDialog actor={review} canAssign={canUpdate} />
      <HistoryDrawer open={panel === 'history'} onClose={() => setPanel(null)} reference={kase.reference} />
      <CommentsDrawer
        open={panel === 'comments'}
        onClose={() => setPanel(null)}
        reference={kase.reference}
        userId={user?._id ?? ''}
        canComment={permissions.includes('post_comment_on_case')}
        isAdmin={isAdmin}
        readOnly={readOnly}
        onChanged={results.reload}
      />
    </Box>
  );
}
