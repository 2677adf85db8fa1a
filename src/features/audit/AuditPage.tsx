/**
 * /audit-history (view_audit_history): who signed in, who changed which user,
 * role, two-factor setting, key or secret, when and from which address;
 * filtered and exported as CSV. A second tab lists feedback (view_feedback).
 */
import { Badge, Button, Card, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuDownload, LuHistory } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useTable } from '@tanstack/react-table';
import { useLocation, useSearch } from 'wouter';
import { selectPermissionNames } from '@machines/session/session.selectors';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { PageHeader } from '../../components/PageHeader';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { Pager } from '../../components/table/Pager';
import { useList } from '../../components/useList';
import { messageById } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useSession } from '../../app/useSession';
import { exportAudit, loadAudit, type AuditEvent } from './api';
import { AuditFilters } from './AuditFilters';
import { actionLabel, describeEvent } from './describeEvent';
import { FeedbackList } from './FeedbackList';

const column = columnsFor<AuditEvent>();

const TONE: Record<string, string> = { auth: 'blue', user: 'green', role: 'purple', two_factor: 'orange', webhook_secret: 'red', api_key: 'red' };

function ActivityTab() {
  const intl = useIntl();
  const list = useList<AuditEvent>(loadAudit, { pageSize: 25 });
  const [exporting, setExporting] = useState(false);
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('created_at', {
          header: () => <FormattedMessage id="audit.columns.time" />,
          cell: ({ getValue }) => (
            <Text fontSize="sm" whiteSpace="nowrap">
              <FormattedDate value={getValue()} dateStyle="medium" timeStyle="medium" />
            </Text>
          ),
        }),
        column.accessor((e) => e.actor.email ?? '', {
          id: 'actor',
          header: () => <FormattedMessage id="audit.columns.actor" />,
          cell: ({ row }) => (
            <Stack gap="0">
              <Text fontSize="sm" fontWeight="medium">
                {row.original.actor.name ? <Name>{row.original.actor.name}</Name> : <FormattedMessage id="audit.unknown_actor" />}
              </Text>
              <Text fontSize="xs" color="fg.muted" dir="ltr" textAlign="start">
                {row.original.actor.email}
              </Text>
            </Stack>
          ),
        }),
        column.accessor('action', {
          header: () => <FormattedMessage id="audit.columns.action" />,
          cell: ({ getValue }) => (
            <Badge colorPalette={TONE[getValue().split('.')[0]] ?? 'gray'} variant="subtle" data-testid="audit-action">
              {actionLabel(intl, getValue())}
            </Badge>
          ),
        }),
        column.display({
          id: 'details',
          header: () => <FormattedMessage id="audit.columns.details" />,
          cell: ({ row }) => (
            <Text fontSize="sm" maxW="md" lineClamp={2}>
              {describeEvent(intl, row.original)}
            </Text>
          ),
        }),
        column.accessor('ip', {
          header: () => <FormattedMessage id="audit.columns.address" />,
          cell: ({ row }) => (
            <Text fontSize="sm" fontFamily="mono" dir="ltr" textAlign="start" title={row.original.user_agent ?? undefined}>
              {row.original.ip ?? '—'}
            </Text>
          ),
        }),
      ]),
    [intl],
  );
  const table = useTable({ features: appTableFeatures, columns, data: list.rows, getRowId: (e) => e.id });
  const filtered = Object.values(list.filters).some((v) => v.trim() !== '');

  const download = async () => {
    setExporting(true);
    try {
      await exportAudit(list.filters);
    } catch (error) {
      notify.error((error as Error).message || messageById('server_error'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="5">
      <AuditFilters applied={list.filters} onSearch={list.search} onClear={list.clear} />
      {list.failed && <ServerError message={list.error?.message ?? null} code={list.error?.code} />}
      <DataTable
        table={table}
        loading={list.loading}
        loaded={list.loaded}
        label={intl.formatMessage({ id: 'nav.item.audit_history' })}
        testId="audit-table"
        empty={<EmptyMessage testId="audit-empty" icon={<LuHistory />} title={<FormattedMessage id="audit.empty.title" />} description={<FormattedMessage id={filtered ? 'audit.empty.filtered' : 'audit.empty.none'} />} />}
      />
      <Stack direction="row" justify="space-between" align="center" wrap="wrap">
        <Button size="sm" variant="outline" onClick={download} loading={exporting} disabled={list.total === 0} data-testid="audit-export">
          <LuDownload /> <FormattedMessage id="audit.export" />
        </Button>
        <Pager page={list.page} pageSize={list.pageSize} total={list.total} onPage={list.goTo} />
      </Stack>
    </Stack>
  );
}

export default function AuditPage() {
  const canReadFeedback = useSession(selectPermissionNames).includes('view_feedback');
  const search = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const tab = canReadFeedback && search.get('tab') === 'feedback' ? 'feedback' : 'activity';
  return (
    <Stack gap="0">
      <PageHeader title={<FormattedMessage id="nav.item.audit_history" />} description={<FormattedMessage id="audit.description" />} />
      <Card.Root>
        <Card.Body>
          <Tabs.Root value={tab} onValueChange={(d) => navigate(d.value === 'feedback' ? `${location}?tab=feedback` : location, { replace: true })} colorPalette="brand" lazyMount unmountOnExit>
            <Tabs.List mb="4">
              <Tabs.Trigger value="activity" data-testid="audit-tab-activity">
                <FormattedMessage id="audit.tabs.activity" />
              </Tabs.Trigger>
              {canReadFeedback && (
                <Tabs.Trigger value="feedback" data-testid="audit-tab-feedback">
                  <FormattedMessage id="audit.tabs.feedback" />
                </Tabs.Trigger>
              )}
            </Tabs.List>
            <Tabs.Content value="activity">
              <ActivityTab />
            </Tabs.Content>
            {canReadFeedback && (
              <Tabs.Content value="feedback">
                <FeedbackList />
              </Tabs.Content>
            )}
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
