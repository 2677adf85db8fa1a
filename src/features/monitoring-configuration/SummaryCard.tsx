/** What ongoing monitoring is doing under the saved configuration: cases, alerts waiting, digests, when a new period would end. */
import { Box, DataList } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { selectEndsIfStartedNow, selectView } from '@machines/monitoring-configuration/monitoring-configuration.selectors';
import { Name } from '../../components/Name';
import { TitledCard } from '../../components/TitledCard';
import type { ConfigurationActor } from './types';

function Item({ label, children, testId }: { label: ReactNode; children: ReactNode; testId: string }) {
  return (
    <DataList.Item alignItems="baseline">
      <DataList.ItemLabel flex="0 0 50%">{label}</DataList.ItemLabel>
      {/* One inline run: the value's parts (a date, "by", a name) must not become flex columns. */}
      <DataList.ItemValue data-testid={testId}>
        <Box as="span">{children}</Box>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

const When = ({ value }: { value: string }) => <FormattedDate value={value} dateStyle="medium" timeStyle="short" />;

export function SummaryCard({ actor }: { actor: ConfigurationActor }) {
  const view = useSelector(actor, selectView)!;
  const endsAt = useSelector(actor, (s) => selectEndsIfStartedNow(s)?.toISOString() ?? null);
  const t = (id: string) => <FormattedMessage id={`monitoring_configuration.summary.${id}`} />;
  return (
    <TitledCard title={t('title')} data-testid="monitoring-summary">
      <DataList.Root orientation="horizontal" size="md" gap="3">
        <Item label={t('monitored_cases')} testId="summary-monitored">
          {view.monitored_cases}
        </Item>
        <Item label={t('pending_alerts')} testId="summary-pending">
          {view.pending_alerts}
        </Item>
        <Item label={t('next_digest')} testId="summary-next">
          {view.next_digest_at ? <When value={view.next_digest_at} /> : t('next_digest_none')}
        </Item>
        <Item label={t('last_digest')} testId="summary-last">
          {view.last_digest_at ? <When value={view.last_digest_at} /> : t('last_digest_none')}
        </Item>
        <Item label={t('ends_today')} testId="summary-ends">
          {/* A custom end date is a UTC day; a number of days ends on the reader's own calendar. */}
          {endsAt ? <FormattedDate value={endsAt} dateStyle="long" timeZone={view.duration === 'custom' ? 'UTC' : undefined} /> : '—'}
        </Item>
        <Item label={t('saved')} testId="summary-saved">
          {view.updated_at ? (
            view.updated_by ? (
              <FormattedMessage
                id="monitoring_configuration.summary.saved_by"
                values={{ date: <When value={view.updated_at} />, name: <Name>{view.updated_by.name}</Name> }}
              />
            ) : (
              <When value={view.updated_at} />
            )
          ) : (
            t('never_saved')
          )}
        </Item>
      </DataList.Root>
    </TitledCard>
  );
}
