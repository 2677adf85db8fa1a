/**
 * A demo search's results (/demo/case?reference=): the same filter bar, hit table and sidebar as the
 * product's search results (src/components/screening), read from open-user-search; each hit leads to
 * its entity detail. A visitor sees only their own searches: any other reference answers "not found".
 */
import { Box, Button, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuSearch, LuUserPlus } from 'react-icons/lu';
import { FormattedMessage } from 'react-intl';
import { Link, Redirect, useSearch } from 'wouter';
import type { CaseDetailView } from '@common/cases';
import type { DemoResultsAnswer } from '@common/schemas/demo';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Name } from '../../components/Name';
import { CaseSidebar } from '../../components/screening/CaseSidebar';
import { HitFilters, HitTable, NO_HIT_FILTERS, hitFilterQuery, type HitFilterValues } from '../../components/screening/HitResults';
import { CaseResultsHeading } from '../../components/screening/ScreeningHeading';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { useResource } from '../../lib/useResource';
import { AllowanceNote } from './AllowanceNote';
import { useRequestAccount } from './requestAccount';
import { resultsHref } from './DemoSearchPage';

export const entityHref = (reference: string, id: string) => `/case-detail?reference=${encodeURIComponent(reference)}&id=${encodeURIComponent(id)}`;

/** Where a demo search's pages sit: New search › Search results (› the entity). */
export function DemoBreadcrumbs({ reference, entity }: { reference: string; entity?: string }) {
  return (
    <Breadcrumbs
      items={[
        { label: <FormattedMessage id="demo.nav.new_search" />, href: '/make-case' },
        { label: <FormattedMessage id="pages.search_results" />, href: entity ? resultsHref(reference) : undefined },
        ...(entity ? [{ label: <Name>{entity}</Name> }] : []),
      ]}
    />
  );
}

/** What a demo search cannot show, and the way back to a new search. */
export function DemoFailure({ message, code }: { message: string; code?: string | null }) {
  return (
    <Stack gap="4" align="start">
      <ServerError message={message} code={code} />
      <Button asChild variant="outline" size="sm">
        <Link href="/make-case">
          <LuSearch /> <FormattedMessage id="demo.nav.new_search" />
        </Link>
      </Button>
    </Stack>
  );
}

/** The sidebar's last card: what a full account adds, with the way to ask for one. */
function FullAccountCard() {
  const openRequest = useRequestAccount();
  return (
    <TitledCard size="sm" titleSize="md" title={<FormattedMessage id="demo.cta.title" />} data-testid="full-account-card">
      <Stack gap="3" align="start">
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="demo.cta.body" />
        </Text>
        <Button size="sm" colorPalette="brand" onClick={openRequest}>
          <LuUserPlus /> <FormattedMessage id="demo.nav.request_account" />
        </Button>
      </Stack>
    </TitledCard>
  );
}

/** The demo's sidebar: the case's search and case information, then what a full account adds. */
export function DemoSidebar({ kase }: { kase: CaseDetailView }) {
  return (
    <Stack gap="4">
      <CaseSidebar kase={kase} />
      <FullAccountCard />
    </Stack>
  );
}

export function DemoResultsPage() {
  const reference = new URLSearchParams(useSearch()).get('reference')?.trim() ?? '';
  const [filters, setFilters] = useState<HitFilterValues>(NO_HIT_FILTERS);
  const query = useMemo(() => hitFilterQuery(reference, filters), [reference, filters]);
  const results = useResource<DemoResultsAnswer>(reference ? '/open-user-search' : null, query);

  if (!reference) return <Redirect to="/make-case" />;
  if (results.error && !results.data) return <DemoFailure message={results.error.message} code={results.error.code} />;
  const data = results.data;
  if (!data) return <Skeleton height="64" />;
  const kase = data.case;

  return (
    <Box>
      <DemoBreadcrumbs reference={kase.reference} />
      <CaseResultsHeading kase={kase} actionsGap="3">
        <AllowanceNote allowance={data.allowance} />
        <Button asChild variant="outline" size="sm">
          <Link href="/make-case" data-testid="new-search">
            <LuSearch /> <FormattedMessage id="demo.nav.new_search" />
          </Link>
        </Button>
      </CaseResultsHeading>

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 340px' }} gap="6" alignItems="start">
        <Stack gap="4">
          <HitFilters facets={data.facets} value={filters} onChange={(patch) => setFilters((cur) => ({ ...cur, ...patch }))} />
          <HitTable hits={data.data} hitCount={kase.hit_count} hrefOf={(h) => entityHref(kase.reference, h._id)} />
        </Stack>
        <DemoSidebar kase={kase} />
      </Grid>
    </Box>
  );
}
