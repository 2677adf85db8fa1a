/**
 * Search results (case/{referenceNo}): the case's entity results with the
 * server-side filters (search_result_filter), each with its match status and
 * risk level; the sidebars; review, history, comments and the PDF report.
 */
import { Badge, Box, Button, Grid, Skeleton, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuClipboardCheck, LuFileDown, LuHistory, LuMessageSquare } from 'react-icons/lu';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'wouter';
import { selectPermissionNames, selectSession, selectUser } from '@machines/session/session.selectors';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Name } from '../../components/Name';
import { CaseSidebar } from '../../components/screening/CaseSidebar';
import { HitFilters, HitTable, NO_HIT_FILTERS, hitFilterQuery, type HitFilterValues } from '../../components/screening/HitResults';
import { CaseResultsHeading } from '../../components/screening/ScreeningHeading';
import { ServerError } from '../../components/ServerError';
import { useSession } from '../../app/useSession';
import { downloadFile } from '../../lib/api';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useResource } from '../../lib/useResource';
import { useCaseChanges } from './api';
import { CommentsDrawer } from './CommentsDrawer';
import { HistoryDrawer } from './HistoryDrawer';
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

export default function CaseResultsPage() {
  const { referenceNo } = useParams<{ referenceNo: string }>();
  const permissions = useSession(selectPermissionNames);
  const user = useSession(selectUser);
  const isAdmin = useSession((s) => selectSession(s)?.role.is_admin ?? false);
  const canUpdate = permissions.includes('update_case');
  const canDetail = permissions.includes('view_case_result_detail');
  const [filters, setFilters] = useState<HitFilterValues>(NO_HIT_FILTERS);
  const [panel, setPanel] = useState<'history' | 'comments' | null>(null);
  // Entities ticked for one decision (clearing several false positives at once).
  const [picked, setPicked] = useState<string[]>([]);
  const query = useMemo(() => hitFilterQuery(referenceNo, filters), [referenceNo, filters]);
  const results = useResource<ResultsAnswer>('/search_result_filter', query);
  useCaseChanges(referenceNo, results.reload);

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
      <CaseResultsHeading kase={kase}>
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
      </CaseResultsHeading>

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 340px' }} gap="6" alignItems="start">
        <Stack gap="4">
          <HitFilters facets={facets} value={filters} onChange={(patch) => setFilters((cur) => ({ ...cur, ...patch }))} />
          <HitTable
            hits={data.data}
            hitCount={kase.hit_count}
            hrefOf={canDetail ? (h) => `/case-detail/${kase.reference}/${h._id}` : null}
            selection={canUpdate && !readOnly ? { picked, onChange: setPicked } : undefined}
          />
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
