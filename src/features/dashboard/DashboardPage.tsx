/**
 * Dashboard (/dashboard): cases in total and one card per case status (passed,
 * passed conditionally, under review, failed; the four add up to the total), the
 * categories their hits come from and cases per day, for a chosen date preset
 * (searches-categories). Numbers link to Manage Case filtered the same way
 * (status and period);
 * the charts are plain SVG and CSS so they cost no charting library.
 */
import { Box, Button, Card, Flex, Grid, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { DATE_PRESETS } from '@common/enums';
import { DEFAULT_FILTERS, DEFAULT_VIEW, searchFromView } from '@machines/cases/case-list-query';
import { selectCanOpen } from '@machines/session/session.selectors';
import { useSession } from '../../app/useSession';
import { PageHeader } from '../../components/PageHeader';
import { Select } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { useResource } from '../../lib/useResource';
import { useCaseChanges } from '../../lib/useCaseChanges';
import { valueLabel, valueOptions } from '../../lib/valueLabels';

interface Answer {
  totals: { total: number; passed: number; failed: number; for_review: number; passed_conditionally: number };
  categories: { category: string; count: number }[];
  timeline: { day: string; count: number }[];
}

const PRESETS = DATE_PRESETS.filter((p) => p !== 'custom');
/**
 * The total and every case status, so the status cards add up to the total. A
 * card opens Manage Case filtered by its status; Manage Case's status filter
 * (and its ?caseStatus address) offers Passed, For Review and Failed only, so the
 * Passed Conditionally card is not a link.
 */
const TILES: readonly { key: keyof Answer['totals']; label: string; colour: string; status: string | null }[] = [
  { key: 'total', label: 'dashboard.total', colour: 'brand.solid', status: '' },
  { key: 'passed', label: 'dashboard.passed', colour: 'green.500', status: 'Passed' },
  { key: 'passed_conditionally', label: 'dashboard.passed_conditionally', colour: 'teal.500', status: null },
  { key: 'for_review', label: 'dashboard.for_review', colour: 'orange.400', status: 'For Review' },
  { key: 'failed', label: 'dashboard.failed', colour: 'red.500', status: 'Failed' },
];

/** Manage Case showing the cases a card counts: its status and the dashboard's period. */
const manageCaseHref = (status: string, preset: string) => {
  const search = searchFromView({ ...DEFAULT_VIEW, filters: { ...DEFAULT_FILTERS, case_status: status, date_preset: preset } });
  return `/manage-case${search ? `?${search}` : ''}`;
};
const CATEGORY_COLOURS: Record<string, string> = { sanctions: '#e53e3e', pep: '#dd6b20', warnings_and_regulatory_enforcement: '#805ad5' };

function Donut({ parts, label }: { parts: { value: number; colour: string }[]; label: string }) {
  const total = parts.reduce((n, p) => n + p.value, 0);
  let offset = 0;
  const r = 40;
  const c = 2 * Math.PI * r;
  return (
    <svg viewBox="0 0 100 100" width="160" height="160" role="img" aria-label={label}>
      <circle cx="50" cy="50" r={r} fill="none" stroke="#edf2f7" strokeWidth="14" />
      {total > 0 &&
        parts.map((p, i) => {
          const length = (p.value / total) * c;
          const el = <circle key={i} cx="50" cy="50" r={r} fill="none" stroke={p.colour} strokeWidth="14" strokeDasharray={`${length} ${c - length}`} strokeDashoffset={-offset} transform="rotate(-90 50 50)" />;
          offset += length;
          return el;
        })}
    </svg>
  );
}

export default function DashboardPage() {
  const intl = useIntl();
  const [preset, setPreset] = useState('last_30_days');
  const usageReport = useSession(selectCanOpen('usage-statistics'));
  const answer = useResource<Answer>('/searches-categories', { date_preset: preset, tz_offset: new Date().getTimezoneOffset() });
  useCaseChanges(null, answer.reload);
  const data = answer.data;
  const maxCategory = Math.max(1, ...(data?.categories.map((c) => c.count) ?? [1]));
  const maxDay = Math.max(1, ...(data?.timeline.map((d) => d.count) ?? [1]));

  return (
    <Stack gap="0">
      <PageHeader
        title={<FormattedMessage id="nav.item.dashboard" />}
        description={<FormattedMessage id="dashboard.description" />}
        actions={
          <HStack gap="3">
            {/* The sidebar of section 2 has no Usage Statistics item, so the dashboard leads there when the organisation has the report. */}
            {usageReport && (
              <Button asChild size="sm" variant="outline">
                <Link href="/usage-statistics">
                  <FormattedMessage id="pages.usage_statistics" />
                </Link>
              </Button>
            )}
            <Select
              size="sm"
              w="52"
              aria-label={intl.formatMessage({ id: 'cases.manage.date' })}
              value={preset}
              onChange={(e) => setPreset(e.target.value)}
              data-testid="dashboard-preset"
              options={valueOptions(intl, 'preset', PRESETS)}
            />
          </HStack>
        }
      />
      {answer.error && <ServerError message={answer.error.message} code={answer.error.code} />}
      <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(5, 1fr)' }} gap="4" mb="6">
        {TILES.map((tile) => {
          const card = (
            <Card.Root
              size="sm"
              h="full"
              _hover={tile.status !== null ? { shadow: 'md' } : undefined}
              transition="box-shadow 0.15s"
              borderTopWidth="4px"
              borderTopColor={tile.colour}
              data-testid={`tile-${tile.key}`}
            >
              <Card.Body>
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage id={tile.label} />
                </Text>
                {data ? (
                  <Text fontSize="3xl" fontWeight="bold" data-testid={`count-${tile.key}`}>
                    {intl.formatNumber(data.totals[tile.key])}
                  </Text>
                ) : (
                  <Skeleton height="9" mt="1" />
                )}
              </Card.Body>
            </Card.Root>
          );
          return tile.status !== null ? (
            <Link key={tile.key} href={manageCaseHref(tile.status, preset)}>
              {card}
            </Link>
          ) : (
            <Box key={tile.key}>{card}</Box>
          );
        })}
      </Grid>
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr 1fr' }} gap="4">
        <TitledCard titleSize="md" title={<FormattedMessage id="dashboard.statuses" />}>
          {data && (
            <Flex gap="6" align="center" wrap="wrap">
              <Donut
                label={intl.formatMessage({ id: 'dashboard.statuses' })}
                parts={[
                  { value: data.totals.passed, colour: '#38a169' },
                  { value: data.totals.passed_conditionally, colour: '#319795' },
                  { value: data.totals.for_review, colour: '#ed8936' },
                  { value: data.totals.failed, colour: '#e53e3e' },
                ]}
              />
              <Stack gap="1" fontSize="sm">
                {(
                  [
                    ['Passed', data.totals.passed, '#38a169'],
                    ['Passed Conditionally', data.totals.passed_conditionally, '#319795'],
                    ['For Review', data.totals.for_review, '#ed8936'],
                    ['Failed', data.totals.failed, '#e53e3e'],
                  ] as const
                ).map(([status, count, colour]) => (
                  <HStack key={status} gap="2">
                    <Box w="3" h="3" rounded="sm" bg={colour} />
                    <Text>
                      {valueLabel(intl, 'case_status', status)}: <b>{intl.formatNumber(count)}</b>
                    </Text>
                  </HStack>
                ))}
              </Stack>
            </Flex>
          )}
        </TitledCard>
        <TitledCard titleSize="md" title={<FormattedMessage id="dashboard.categories" />}>
          <Stack gap="3" data-testid="categories">
            {data?.categories.map((c) => (
              <Stack key={c.category} gap="1">
                <HStack justify="space-between" fontSize="sm">
                  <Text>{valueLabel(intl, 'database', c.category)}</Text>
                  <Text fontWeight="semibold" data-testid={`category-${c.category}`}>
                    {intl.formatNumber(c.count)}
                  </Text>
                </HStack>
                <Box h="2.5" bg="gray.100" rounded="full" overflow="hidden">
                  <Box h="full" w={`${(c.count / maxCategory) * 100}%`} bg={CATEGORY_COLOURS[c.category] ?? 'brand.solid'} rounded="full" transition="width 0.3s" />
                </Box>
              </Stack>
            ))}
            <Text fontSize="xs" color="fg.muted">
              <FormattedMessage id="dashboard.categories_help" />
            </Text>
          </Stack>
        </TitledCard>
        <TitledCard titleSize="md" title={<FormattedMessage id="dashboard.per_day" />}>
          {data && data.timeline.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="dashboard.no_cases" />
            </Text>
          )}
          <HStack align="end" gap="1" h="36" dir="ltr">
            {data?.timeline.map((d) => (
              <Box key={d.day} flex="1" maxW="6" title={`${intl.formatDate(d.day, { dateStyle: 'medium', timeZone: 'UTC' })}: ${d.count}`} bg="brand.solid" rounded="sm" h={`${Math.max(4, (d.count / maxDay) * 100)}%`} />
            ))}
          </HStack>
        </TitledCard>
      </Grid>
    </Stack>
  );
}
