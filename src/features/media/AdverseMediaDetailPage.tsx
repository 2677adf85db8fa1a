/**
 * A media case (/adverse-media-detail/:referenceNo, view_adverse_media + media_watcher): the case's header
 * (name, reference, its query as chips, status, risk level, who made it and when), its articles with their
 * categories, sentiment, keywords and review (Potential Match, True Positive, False Positive; changed at once
 * with create_adverse_media), the article reader, the case's fields edited in the side panel, the PDF report,
 * and deletion with a reason. Opening the case marks it read. The flow is the media case statechart
 * (machines/media/media-case.machine.ts).
 */
import { Box, Button, Card, DataList, Flex, Grid, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { LuFileDown, LuNewspaper, LuRotateCw, LuSearch, LuTrash2 } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { ARTICLE_MATCH_STATUSES, MEDIA_LIMITS, type ArticleMatchStatus, type ArticleView } from '@common/media';
import { mediaCaseMachine } from '@machines/media/media-case.machine';
import * as sel from '@machines/media/media-case.selectors';
import { markedTerms, searchFromQuery } from '@machines/media/search-query';
import { MEDIA_CASE_STATUSES, MEDIA_RISK_LEVELS, type MediaCaseStatus, type MediaRiskLevel } from '@machines/media/views';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { useSession } from '../../app/useSession';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { DeleteWithReasonDialog } from '../../components/DeleteWithReasonDialog';
import { EmptyMessage } from '../../components/EmptyMessage';
import { FormField } from '../../components/FormField';
import { ArticleReader } from '../../components/media/ArticleReader';
import { ArticleSummary } from '../../components/media/ArticleSummary';
import { Name } from '../../components/Name';
import { Select, SelectField } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { useDialog } from '../../components/useDialog';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { valueLabel, valueOptions } from '../../lib/valueLabels';
import { mediaApi } from './api';
import { ArticleMatchBadge, MediaCaseStatusBadge, MediaRiskBadge, QueryChips } from './labels';

function MediaBreadcrumbs({ reference }: { reference: string }) {
  return <Breadcrumbs items={[{ label: <FormattedMessage id="nav.item.media_manage_case" />, href: '/media-manage-case' }, { label: reference }]} />;
}

function useCaseActor(reference: string) {
  const [machine] = useState(() =>
    mediaCaseMachine.provide({
      actors: {
        load: fromPromise(({ input }) => mediaApi.detail(input.reference)),
        read: fromPromise(({ input }) => mediaApi.read(input)),
        update: fromPromise(({ input }) => mediaApi.update(input)),
      },
      actions: {
        notifySaved: (_, { answer }) => notify.success(messageText(answer.code, answer.message ?? '', answer.values)),
        notifyFailure: (_, failure) => notify.error(messageText(failure.code, failure.message)),
      },
    }),
  );
  return useActorRef(machine, { input: { reference }, inspect });
}

export default function AdverseMediaDetailPage() {
  const { referenceNo } = useParams<{ referenceNo: string }>();
  // A different case is another statechart: the page starts afresh for it.
  return <MediaCase key={referenceNo} reference={decodeURIComponent(referenceNo)} />;
}

function MediaCase({ reference }: { reference: string }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const permissions = useSession(selectPermissionNames);
  const canEdit = permissions.includes('create_adverse_media');
  const actor = useCaseActor(reference);
  const send = actor.send;
  const detail = useSelector(actor, sel.selectDetail);
  const loadError = useSelector(actor, sel.selectLoadError);
  const draft = useSelector(actor, sel.selectDraft);
  const nameProblem = useSelector(actor, sel.selectNameProblem);
  const saveError = useSelector(actor, sel.selectSaveError);
  const saving = useSelector(actor, sel.selectSaving);
  const dirty = useSelector(actor, sel.selectDirty);
  const reviewing = useSelector(actor, sel.selectReviewing);
  const [reading, setReading] = useState<ArticleView | null>(null);

  const remove = useDialog<string, { code?: string; message?: string; values?: Record<string, string | number> }>(
    (ref, values) => mediaApi.remove([ref], String(values.reason ?? '')),
    (answer) => {
      notify.success(messageText(answer.code, answer.message ?? '', answer.values ?? { count: 1 }));
      navigateRef.current('/media-manage-case');
    },
  );

  if (loadError && !detail) {
    return (
      <Box>
        <MediaBreadcrumbs reference={reference} />
        <Stack gap="3" align="start">
          <ServerError message={loadError.message} code={loadError.code} />
          <Button size="sm" variant="outline" onClick={() => send({ type: 'RETRY' })}>
            <LuRotateCw /> <FormattedMessage id="media.detail.retry" />
          </Button>
        </Stack>
      </Box>
    );
  }
  if (!detail) return <Skeleton height="64" data-testid="media-case-loading" />;

  const kase = detail.case;
  const readOnly = kase.is_deleted || !canEdit;
  const adverse = detail.articles.filter((a) => a.adverse).length;
  const save = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SAVE' });
  };
  const report = () => mediaApi.report(kase.reference).catch((f) => notify.error(messageText(f.code, f.message)));

  return (
    <Box>
      <MediaBreadcrumbs reference={kase.reference} />
      <Flex justify="space-between" align="flex-end" gap="4" mb="5" wrap="wrap">
        <Stack gap="1.5" minW="0">
          <HStack gap="3" wrap="wrap">
            <Text as="h1" fontSize="2xl" fontWeight="bold" data-testid="page-title">
              <Name>{kase.name}</Name>
            </Text>
            <MediaCaseStatusBadge value={kase.case_status} />
            <MediaRiskBadge value={kase.risk_level} />
          </HStack>
          <Text color="fg.muted" fontSize="sm" data-testid="media-case-subtitle">
            <FormattedMessage
              id="media.detail.subtitle"
              values={{
                reference: <Name fontFamily="mono">{kase.reference}</Name>,
                name: kase.created_by ? <Name>{kase.created_by.name}</Name> : intl.formatMessage({ id: 'media.unknown_user' }),
                date: intl.formatDate(kase.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
              }}
            />
          </Text>
          <QueryChips query={kase.query} />
        </Stack>
        <HStack gap="2" wrap="wrap">
          {permissions.includes('create_adverse_media') && (
            <Button variant="outline" size="sm" asChild>
              <Link href={`/media-search?${searchFromQuery(kase.query)}`} data-testid="search-again">
                <LuSearch /> <FormattedMessage id="media.detail.search_again" />
              </Link>
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={report} data-testid="media-report">
            <LuFileDown /> <FormattedMessage id="media.detail.report" />
          </Button>
          {canEdit && !kase.is_deleted && (
            <Button variant="outline" size="sm" colorPalette="red" onClick={() => remove.show(kase.reference)} data-testid="media-delete">
              <LuTrash2 /> <FormattedMessage id="media.detail.delete" />
            </Button>
          )}
        </HStack>
      </Flex>

      {kase.is_deleted && (
        <Box mb="4">
          <ServerError
            message={intl.formatMessage(
              { id: 'media.detail.deleted' },
              { name: kase.deleted_by?.name ?? intl.formatMessage({ id: 'media.unknown_user' }), date: kase.deleted_at ? intl.formatDate(kase.deleted_at, { dateStyle: 'medium' }) : '', reason: kase.delete_reason ?? '' },
            )}
          />
        </Box>
      )}

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 340px' }} gap="6" alignItems="start">
        <TitledCard
          title={<FormattedMessage id="media.detail.articles" values={{ count: detail.articles.length }} />}
          titleSize="lg"
          data-testid="media-case-articles"
        >
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="media.detail.articles_help" values={{ adverse }} />
            </Text>
            {detail.articles.length === 0 && <EmptyMessage icon={<LuNewspaper />} title={<FormattedMessage id="media.detail.no_articles" />} />}
            {detail.articles.map((article) => (
              <ArticleSummary
                key={article.id}
                article={article}
                onOpen={setReading}
                aside={
                  readOnly ? (
                    <ArticleMatchBadge value={article.match_status} />
                  ) : (
                    <Select
                      size="xs"
                      w="40"
                      name={`match_status_${article.id}`}
                      aria-label={intl.formatMessage({ id: 'media.detail.match_status_of' }, { title: article.title })}
                      disabled={reviewing !== null}
                      value={reviewing?.id === article.id ? reviewing.match_status : article.match_status}
                      onChange={(e) => send({ type: 'SET_MATCH', id: article.id, match_status: e.target.value as ArticleMatchStatus })}
                      options={ARTICLE_MATCH_STATUSES.map((m) => ({ value: m, label: valueLabel(intl, 'match_status', m) }))}
                      data-testid="article-match-select"
                    />
                  )
                }
              />
            ))}
          </Stack>
        </TitledCard>

        <Stack gap="4">
          <TitledCard size="sm" titleSize="md" title={<FormattedMessage id="media.detail.case_title" />} data-testid="media-case-form">
            <form onSubmit={save} noValidate>
              <Stack gap="3">
                <FormField label={<FormattedMessage id="media.fields.name" />} required error={nameProblem}>
                  <Input name="name" size="sm" value={draft.name} disabled={readOnly} maxLength={MEDIA_LIMITS.caseName.max + 20} onChange={(e) => send({ type: 'EDIT', patch: { name: e.target.value } })} />
                </FormField>
                <SelectField
                  label={<FormattedMessage id="media.fields.case_status" />}
                  labelSize="sm"
                  size="sm"
                  name="case_status"
                  disabled={readOnly}
                  value={draft.case_status}
                  onChange={(e) => send({ type: 'EDIT', patch: { case_status: e.target.value as MediaCaseStatus } })}
                  options={valueOptions(intl, 'case_status', MEDIA_CASE_STATUSES)}
                  data-testid="media-case-status"
                />
                <SelectField
                  label={<FormattedMessage id="media.fields.risk_level" />}
                  labelSize="sm"
                  size="sm"
                  name="risk_level"
                  disabled={readOnly}
                  value={draft.risk_level}
                  onChange={(e) => send({ type: 'EDIT', patch: { risk_level: e.target.value as MediaRiskLevel } })}
                  options={valueOptions(intl, 'risk_level', MEDIA_RISK_LEVELS)}
                  data-testid="media-risk-level"
                />
                <ServerError message={saveError?.message ?? null} code={saveError?.code} />
                {!readOnly && (
                  <HStack gap="2" justify="flex-end">
                    <Button size="sm" variant="ghost" disabled={!dirty || saving} onClick={() => send({ type: 'DISCARD' })}>
                      <FormattedMessage id="media.detail.discard" />
                    </Button>
                    <Button type="submit" size="sm" colorPalette="brand" loading={saving} disabled={!dirty} data-testid="media-case-save">
                      <FormattedMessage id="media.detail.save" />
                    </Button>
                  </HStack>
                )}
              </Stack>
            </form>
          </TitledCard>
          <Card.Root size="sm" variant="subtle">
            <Card.Body>
              <DataList.Root orientation="horizontal" size="sm" gap="2" data-testid="media-case-facts">
                <DataList.Item>
                  <DataList.ItemLabel>
                    <FormattedMessage id="media.fields.reference" />
                  </DataList.ItemLabel>
                  <DataList.ItemValue fontFamily="mono">{kase.reference}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>
                    <FormattedMessage id="media.fields.articles" />
                  </DataList.ItemLabel>
                  <DataList.ItemValue>
                    <FormattedMessage id="media.detail.article_counts" values={{ count: kase.article_count, adverse: kase.adverse_count }} />
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>
                    <FormattedMessage id="media.fields.created_by" />
                  </DataList.ItemLabel>
                  <DataList.ItemValue>{kase.created_by ? <Name>{kase.created_by.name}</Name> : <FormattedMessage id="media.unknown_user" />}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>
                    <FormattedMessage id="media.fields.created_at" />
                  </DataList.ItemLabel>
                  <DataList.ItemValue>
                    <FormattedDate value={kase.created_at} dateStyle="medium" timeStyle="short" />
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>
                    <FormattedMessage id="media.fields.updated_at" />
                  </DataList.ItemLabel>
                  <DataList.ItemValue>
                    <FormattedDate value={kase.updated_at} dateStyle="medium" timeStyle="short" />
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>

      <ArticleReader article={reading} terms={markedTerms(kase.query)} match={kase.query.match} onClose={() => setReading(null)} />

      <DeleteWithReasonDialog dialog={remove} testId="media-delete-dialog" title={<FormattedMessage id="media.manage.delete_title" values={{ count: 1 }} />}>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="media.manage.delete_body" />
        </Text>
      </DeleteWithReasonDialog>
    </Box>
  );
}
