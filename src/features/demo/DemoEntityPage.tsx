/**
 * One entity of a demo search (/demo/case-detail?reference=&id=): the same heading, tabs (without Adverse Media),
 * previous/next pager and sidebar as the product's entity detail (src/components/screening), read from
 * open-user-search/entity. Deciding, monitoring, comments and reports are the full product's.
 */
import { Box, Grid, Skeleton } from '@chakra-ui/react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { DemoEntityAnswer } from '@common/schemas/demo';
import { EntityPager } from '../../components/screening/EntityDetail';
import { EntityTabs } from '../../components/screening/EntityTabs';
import { EntityHeading } from '../../components/screening/ScreeningHeading';
import { useResource } from '../../lib/useResource';
import { AllowanceNote } from './AllowanceNote';
import { DemoBreadcrumbs, DemoFailure, DemoSidebar, entityHref } from './DemoResultsPage';

export function DemoEntityPage() {
  const params = new URLSearchParams(useSearch());
  const reference = params.get('reference')?.trim() ?? '';
  const id = params.get('id')?.trim() ?? '';
  const [, navigate] = useLocation();
  const record = useResource<DemoEntityAnswer>(reference && id ? '/open-user-search/entity' : null, { reference, id });

  if (!reference || !id) return <Redirect to="/make-case" />;
  if (record.error && !record.data) return <DemoFailure message={record.error.message} code={record.error.code} />;
  if (!record.data) return <Skeleton height="64" />;
  const { case: kase, entity: hit, allowance } = record.data;

  return (
    <Box>
      <DemoBreadcrumbs reference={kase.reference} entity={hit.profile} />
      <EntityHeading kase={kase} hit={hit} actionsGap="3">
        <AllowanceNote allowance={allowance} />
        <EntityPager hit={hit} onGo={(entityId) => navigate(entityHref(kase.reference, entityId))} />
      </EntityHeading>

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 340px' }} gap="6" alignItems="start">
        <EntityTabs hit={hit} threshold={kase.match_score} />
        <DemoSidebar kase={kase} />
      </Grid>
    </Box>
  );
}
