/**
 * Usage Statistics (/usage-statistics: organisation flag usage_report; docs/usage-statistics.md): what the
 * organisation did in a period of UTC days, chosen by a date preset of section 9 or a custom range kept in the
 * address: the totals, charts per day and per outcome, a table per user, the report as a PDF and a report link
 * to share. The flow is machines/usage/usage-statistics; this view renders its snapshot and supplies its calls.
 */
import { Box, Button, Card, Flex, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { LuChartColumn, LuDownload, LuLink } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { DatePreset } from '@common/enums';
import { USAGE_MEASURES, USAGE_PRESETS } from '@common/usage';
import { usageStatisticsMachine } from '@machines/usage/usage-statistics.machine';
import {
  selectDownloading,
  selectDraft,
  selectEmpty,
  selectError,
  selectFailed,
  selectLink,
  selectLoading,
  selectRangeErrors,
  selectSharing,
  selectStatistics,
} from '@machines/usage/usage-statistics.selectors';
import { DateRangeFields } from '../../components/DateRangeFields';
import { EmptyMessage } from '../../components/EmptyMessage';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/Select';
import { ServerError } from '../../components/ServerError';
import { TitledCard } from '../../components/TitledCard';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { valueOptions } from '../../lib/valueLabels';
import { usageApi } from './api';
import { dayText, MEASURE_COLOURS } from './labels';
import { ShareLinkDialog } from './ShareLinkDialog';
import { UsageCharts } from './UsageCharts';
import { UserTable } from './UserTable';

const PATH = '/usage-statistics';

function useUsageActor() {
  const search = useSearch();
  const [, navigate] = useLocation();
  // The statechart is provided once; it reaches the router's latest navigate through the ref.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [machine] = useState(() =>
    usageStatisticsMachine.provide({
      actors: {
        load: fromPromise(({ input }) => usageApi.load(input)),
        download: fromPromise(({ input }) => usageApi.download(input)),
        share: fromPromise(({ input }) => usageApi.share(input)),
      },
      actions: {
        navigate: (_, { search: next }) => navigateRef.current(`${PATH}${next ? `?${next}` : ''}`),
        notifyFailed: (_, { message, code }) => notify.error(messageText(code, message)),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { search }, inspect });
  // Every address change (a choice here, Back, Forward) is told to the statechart, which decides what to load.
  useEffect(() => actor.send({ type: 'LOCATION', search }), [actor, search]);
  return actor;
}

export default function UsageStatisticsPage() {
  const intl = useIntl();
  const actor = useUsageActor();
  const statistics = useSelector(actor, selectStatistics);
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectFailed);
  const error = useSelector(actor, selectError);
  const empty = useSelector(actor, selectEmpty);
  const draft = useSelector(actor, selectDraft);
  const rangeErrors = useSelector(actor, selectRangeErrors);
  const downloading = useSelector(actor, selectDownloading);
  const sharing = useSelector(actor, selectSharing);
  const link = useSelector(actor, selectLink);
  const rangeError = (['date_from', 'date_to'] as const).map((field) => (rangeErrors[field] ? { field, rule: rangeErrors[field]! } : null)).find(Boolean) ?? null;

  return (
    <Stack gap="0" data-testid="usage-statistics">
      <PageHeader
        title={<FormattedMessage id="pages.usage_statistics" />}
        description={<FormattedMessage id="usage.description" />}
        actions={
          <>
            <Button variant="outline" colorPalette="brand" size="sm" loading={sharing} disabled={!statistics} onClick={() => actor.send({ type: 'SHARE' })} data-testid="usage-share">
              <LuLink /> <FormattedMessage id="usage.share" />
            </Button>
            <Button colorPalette="brand" size="sm" loading={downloading} disabled={!statistics} onClick={() => actor.send({ type: 'DOWNLOAD' })} data-testid="usage-download">
              <LuDownload /> <FormattedMessage id="usage.download" />
            </Button>
          </>
        }
      />

      <Card.Root size="sm" mb="5">
        <Card.Body>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'APPLY_RANGE' });
            }}
          >
            <Flex gap="4" align="end" wrap="wrap">
              <Box w="56">
                <SelectField
                  label={<FormattedMessage id="usage.period" />}
                  labelSize="sm"
                  size="sm"
                  name="date_preset"
                  value={draft.date_preset}
                  onChange={(e) => actor.send({ type: 'PRESET', preset: e.currentTarget.value as DatePreset })}
                  data-testid="usage-preset"
                  options={valueOptions(intl, 'preset', USAGE_PRESETS)}
                />
              </Box>
              {draft.date_preset === 'custom' && (
                <>
                  <DateRangeFields
                    values={{ date_from: draft.date_from, date_to: draft.date_to }}
                    error={rangeError}
                    onChange={(change) => {
                      for (const [field, value] of Object.entries(change)) actor.send({ type: 'EDIT_RANGE', field: field as 'date_from' | 'date_to', value: value ?? '' });
                    }}
                    labels="usage"
                    testId="usage-range"
                  />
                  <Button type="submit" size="sm" variant="outline" data-testid="usage-apply">
                    <FormattedMessage id="usage.apply" />
                  </Button>
                </>
              )}
              {statistics && (
                <Text fontSize="sm" color="fg.muted" pb="1.5" data-testid="usage-period">
                  <FormattedMessage id="usage.range" values={{ from: dayText(intl, statistics.period.first_day, true), to: dayText(intl, statistics.period.last_day, true) }} />
                </Text>
              )}
            </Flex>
          </form>
        </Card.Body>
      </Card.Root>

      {failed && (
        <Stack gap="3" align="flex-start" mb="5" data-testid="usage-failed">
          <ServerError message={error?.message ?? null} code={error?.code} />
          <Button variant="outline" size="sm" onClick={() => actor.send({ type: 'RETRY' })}>
            <FormattedMessage id="usage.retry" />
          </Button>
        </Stack>
      )}

      <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' }} gap="4" mb="5" aria-busy={loading}>
        {USAGE_MEASURES.map((measure) => (
          <Card.Root key={measure} size="sm" borderTopWidth="4px" borderTopColor={MEASURE_COLOURS[measure]} data-testid={`tile-${measure}`}>
            <Card.Body>
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id={`usage.measures.${measure}`} />
              </Text>
              {statistics ? (
                <Text fontSize="3xl" fontWeight="bold" opacity={loading ? 0.6 : 1} data-testid={`total-${measure}`}>
                  {intl.formatNumber(statistics.totals[measure])}
                </Text>
              ) : (
                <Skeleton height="9" mt="1" />
              )}
            </Card.Body>
          </Card.Root>
        ))}
      </Grid>

      {!statistics && !failed && (
        <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="5" aria-busy="true">
          <Skeleton height="72" />
          <Skeleton height="72" />
        </Grid>
      )}

      {statistics && empty && (
        <Card.Root data-testid="usage-empty">
          <Card.Body>
            <EmptyMessage icon={<LuChartColumn />} title={<FormattedMessage id="usage.empty" />} description={<FormattedMessage id="usage.empty_help" />} />
          </Card.Body>
        </Card.Root>
      )}

      {statistics && !empty && (
        <Stack gap="5" opacity={loading ? 0.6 : 1} transition="opacity 0.15s">
          <UsageCharts statistics={statistics} />
          <TitledCard title={<FormattedMessage id="usage.users.title" />} data-testid="usage-users-card">
            <UserTable rows={statistics.users} loading={loading} />
          </TitledCard>
        </Stack>
      )}

      <ShareLinkDialog link={link} onClose={() => actor.send({ type: 'CLOSE_LINK' })} />
    </Stack>
  );
}
