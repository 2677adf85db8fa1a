/** The history log (case-history, or search-actions-logs for one entity): who did what, and when. */
import { Badge, Box, Skeleton, Stack, Text, Timeline } from '@chakra-ui/react';
import { LuHistory } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyMessage } from '../../components/EmptyMessage';
import { useResource } from '../../lib/useResource';
import { CaseDrawer } from './CaseDrawer';
import { DateTime, valueLabel } from './labels';
import type { CaseEventView } from './types';

function describe(intl: ReturnType<typeof useIntl>, e: CaseEventView): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(e.details)) {
    if (value && typeof value === 'object' && 'to' in (value as object)) {
      const v = value as { from: string; to: string };
      const group = key === 'case_status' || key === 'match_status' || key === 'risk_level' ? key : null;
      const show = (x: string) => (group ? valueLabel(intl, group, x) : x);
      lines.push(intl.formatMessage({ id: 'cases.history.changed' }, { field: intl.formatMessage({ id: `cases.fields.${key}` }), from: show(v.from), to: show(v.to) }));
    } else if (key === 'text' || key === 'reason') {
      lines.push(`“${String(value)}”`);
    } else if (key === 'enabled') {
      lines.push(intl.formatMessage({ id: value ? 'cases.common.on' : 'cases.common.off' }));
    } else if (key === 'kind') {
      lines.push(intl.formatMessage({ id: value === 'aml' ? 'cases.fields.aml_monitoring' : 'cases.fields.adverse_media_monitoring' }));
    } else if (key === 'aml_monitoring' || key === 'adverse_media_monitoring') {
      lines.push(`${intl.formatMessage({ id: `cases.fields.${key}` })}: ${intl.formatMessage({ id: value ? 'cases.common.on' : 'cases.common.off' })}`);
    } else if (key === 'hit_count') {
      lines.push(intl.formatMessage({ id: 'cases.history.hits' }, { count: Number(value) }));
    } else if (key === 'names' && Array.isArray(value)) {
      lines.push(intl.formatMessage({ id: 'cases.history.names' }, { names: intl.formatList(value.map(String)) }));
    } else if (key === 'fields' && Array.isArray(value)) {
      const label = (field: string) => {
        const id = `cases.history.entity_field.${field}`;
        return intl.messages[id] ? intl.formatMessage({ id }) : field;
      };
      lines.push(intl.formatMessage({ id: 'cases.history.fields' }, { fields: intl.formatList(value.map((f) => label(String(f)))) }));
    } else if (key === 'delisted' && value) {
      lines.push(intl.formatMessage({ id: 'cases.history.delisted' }));
    }
  }
  return lines;
}

export function HistoryDrawer({ open, onClose, reference, entityId }: { open: boolean; onClose: () => void; reference: string; entityId?: string }) {
  const intl = useIntl();
  const path = open ? (entityId ? '/search-actions-logs' : '/case-history') : null;
  const history = useResource<{ data: CaseEventView[] }>(path, entityId ? { reference, id: entityId } : { reference });
  return (
    <CaseDrawer open={open} onClose={onClose} testId="history-drawer" title={<FormattedMessage id={entityId ? 'cases.history.entity_title' : 'cases.history.title'} />}>
      {history.loading && !history.data && <Skeleton height="24" />}
      {history.data && history.data.data.length === 0 && <EmptyMessage icon={<LuHistory />} title={<FormattedMessage id="cases.history.empty" />} />}
      <Timeline.Root size="sm" variant="subtle">
        {history.data?.data.map((e) => (
          <Timeline.Item key={e._id} data-testid="history-item">
            <Timeline.Connector>
              <Timeline.Separator />
              <Timeline.Indicator bg="brand.solid" />
            </Timeline.Connector>
            <Timeline.Content>
              <Timeline.Title>
                <Text as="span" fontWeight="semibold">
                  {e.actor?.name ?? (e.action.startsWith('monitoring_') ? intl.formatMessage({ id: 'cases.history.system' }) : '—')}
                </Text>{' '}
                <Badge size="sm" variant="surface">
                  {valueLabel(intl, 'action', e.action)}
                </Badge>
              </Timeline.Title>
              <Timeline.Description>
                <DateTime value={e.created_at} />
                {e.entity_name && !entityId && <Box as="span"> · {e.entity_name}</Box>}
              </Timeline.Description>
              <Stack gap="0.5">
                {describe(intl, e).map((line, i) => (
                  <Text key={i} fontSize="sm">
                    {line}
                  </Text>
                ))}
              </Stack>
            </Timeline.Content>
          </Timeline.Item>
        ))}
      </Timeline.Root>
    </CaseDrawer>
  );
}
