/**
 * Monitoring Configuration (/monitoring-configuration: view_ongoing_monitoring_settings and the organisation
 * flag show_monitoring_configuration): how long ongoing monitoring runs once switched on for a case, how often
 * its alerts are sent and through which channels (saving needs update_ongoing_monitoring_settings, else the
 * screen is read-only), a summary of what monitoring is doing, and the monitoring report for a period. The
 * flow is machines/monitoring-configuration; this view renders its snapshot and supplies its calls.
 */
import { Alert, Button, Grid, Skeleton, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { fromPromise } from 'xstate';
import { monitoringConfigurationMachine } from '@machines/monitoring-configuration/monitoring-configuration.machine';
import { selectError, selectLoadFailed, selectLoading, selectReadOnly, selectView } from '@machines/monitoring-configuration/monitoring-configuration.selectors';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { useSession } from '../../app/useSession';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { monitoringApi } from './api';
import { ConfigurationForm } from './ConfigurationForm';
import { ReportCard } from './ReportCard';
import { SummaryCard } from './SummaryCard';

const machine = monitoringConfigurationMachine.provide({
  actors: {
    load: fromPromise(() => monitoringApi.load()),
    save: fromPromise(({ input }) => monitoringApi.save(input)),
    download: fromPromise(({ input }) => monitoringApi.downloadReport(input)),
  },
  actions: {
    notifySaved: (_, { message, code }) => notify.success(messageText(code, message)),
    notifyDownloadFailed: (_, { message, code }) => notify.error(messageText(code, message)),
  },
});

export default function MonitoringConfigurationPage() {
  const canUpdate = useSession(selectPermissionNames).includes('update_ongoing_monitoring_settings');
  const actor = useActorRef(machine, { input: { canUpdate } });
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const view = useSelector(actor, selectView);
  const error = useSelector(actor, selectError);
  const readOnly = useSelector(actor, selectReadOnly);

  return (
    <Stack gap="0" data-testid="monitoring-configuration">
      <PageHeader title={<FormattedMessage id="nav.item.monitoring_configuration" />} description={<FormattedMessage id="monitoring_configuration.description" />} />
      {loading && !view && (
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" aria-busy="true">
          <Skeleton height="96" />
          <Skeleton height="64" />
        </Grid>
      )}
      {failed && (
        <Stack gap="3" align="flex-start" data-testid="monitoring-load-failed">
          <ServerError message={error?.message ?? null} code={error?.code} />
          <Button variant="outline" size="sm" onClick={() => actor.send({ type: 'RETRY' })}>
            <FormattedMessage id="admin.actions.retry" />
          </Button>
        </Stack>
      )}
      {view && (
        <Stack gap="6">
          {readOnly && (
            <Alert.Root status="info" data-testid="monitoring-read-only">
              <Alert.Indicator />
              <Alert.Description>
                <FormattedMessage id="monitoring_configuration.read_only" />
              </Alert.Description>
            </Alert.Root>
          )}
          <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
            <ConfigurationForm actor={actor} />
            <Stack gap="6">
              <SummaryCard actor={actor} />
              <ReportCard actor={actor} />
            </Stack>
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}
