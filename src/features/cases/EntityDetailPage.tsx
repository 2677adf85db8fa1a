/**
 * Entity detail (case-detail/{referenceNo}/{id}, case-details/...): tabs Key
 * Data, Linked Entities, Adverse Media and Risk Analysis, previous/next among
 * the case's entities, the decision panel (review statechart), monitoring
 * switches (monitoring statechart), history, comments and the entity report.
 */
import { Box, Button, Card, Field, Grid, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { LuFileDown, LuHistory, LuMessageSquare, LuSearch } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams } from 'wouter';
import { LIMITS } from '@common/constants';
import { MATCH_STATUSES, RISK_LEVELS } from '@common/enums';
import { selectPermissionNames, selectSession, selectUser } from '@machines/session/session.selectors';
import { CaseSidebar } from '../../components/screening/CaseSidebar';
import { EntityPager } from '../../components/screening/EntityDetail';
import { EntityTabs } from '../../components/screening/EntityTabs';
import { DateTime, valueOptions } from '../../components/screening/labels';
import { EntityHeading } from '../../components/screening/ScreeningHeading';
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
import { CaseBreadcrumbs } from './CaseResultsPage';
import { CommentsDrawer } from './CommentsDrawer';
import { HistoryDrawer } from './HistoryDrawer';
import { LinkedEntityModal } from './LinkedEntityModal';
import { MonitoringSwitch } from './MonitoringSwitch';
import type { HitDetailView, RecordAnswer } from './types';
import { useReview } from './useReview';

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

  if (record.error && !record.data) return <ServerError message={record.error.message} code={record.error.code} />;
  if (!record.data) return <Skeleton height="64" />;
  const { case: kase, entity: hit } = record.data;
  const canUpdate = permissions.includes('update_case');
  const readOnly = kase.is_deleted;

  return (
    <Box>
      <CaseBreadcrumbs reference={kase.reference} entity={hit.profile} />
      <EntityHeading kase={kase} hit={hit}>
        <EntityPager hit={hit} onGo={(entityId) => navigate(`${base}/${kase.reference}/${entityId}`)} />
        <Button variant="outline" size="sm" onClick={() => setPanel('history')} data-testid="open-history">
          <LuHistory /> <FormattedMessage id="cases.actions.history" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => setPanel('comments')} data-testid="open-comments">
          <LuMessageSquare /> <FormattedMessage id="cases.actions.comments" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => downloadFile('/case-report', { reference: kase.reference, id: hit._id }, `case-${kase.reference}-${hit.position}.pdf`).catch((f) => notify.error(messageText(f.code, f.message)))} data-testid="download-report">
          <LuFileDown /> <FormattedMessage id="cases.actions.report" />
        </Button>
      </EntityHeading>

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 340px' }} gap="6" alignItems="start">
        <EntityTabs
          hit={hit}
          threshold={kase.match_score}
          extraTab={{
            value: 'media',
            testId: 'tab-media',
            label: <FormattedMessage id="cases.entity.tab_media" />,
            render: (active) => <AdverseMediaTab reference={kase.reference} entityId={hit._id} active={active} />,
          }}
          linkedActions={(name) => (
            <Button size="xs" variant="outline" onClick={() => setLinked(name)}>
              <LuSearch /> <FormattedMessage id="cases.entity.search_linked" />
            </Button>
          )}
        />

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
