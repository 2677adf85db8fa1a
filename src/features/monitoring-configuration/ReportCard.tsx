/** The monitoring report (get-ongoing-pdf-report) for a period chosen as in Manage Case. */
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuDownload } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { DATE_PRESETS, type DatePreset } from '@common/enums';
import { isoDay } from '@common/monitoring';
import { selectDownloading, selectPeriod, selectPeriodErrors } from '@machines/monitoring-configuration/monitoring-configuration.selectors';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/Select';
import { TitledCard } from '../../components/TitledCard';
import { valueOptions } from '../../lib/valueLabels';
import type { ConfigurationActor } from './types';

export function ReportCard({ actor }: { actor: ConfigurationActor }) {
  const intl = useIntl();
  const period = useSelector(actor, selectPeriod);
  const errors = useSelector(actor, selectPeriodErrors);
  const downloading = useSelector(actor, selectDownloading);
  const today = isoDay(new Date());
  return (
    <TitledCard title={<FormattedMessage id="monitoring_configuration.report.title" />} data-testid="monitoring-report">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'DOWNLOAD' });
        }}
      >
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="monitoring_configuration.report.description" />
          </Text>
          <SelectField
            label={<FormattedMessage id="monitoring_configuration.report.period" />}
            name="date_preset"
            data-testid="report-period"
            value={period.date_preset}
            onChange={(e) => actor.send({ type: 'PERIOD', period: { date_preset: e.currentTarget.value as DatePreset } })}
            options={valueOptions(intl, 'preset', DATE_PRESETS)}
          />
          {period.date_preset === 'custom' && (
            <HStack gap="3" align="start" data-testid="report-range">
              {(['date_from', 'date_to'] as const).map((key) => (
                <FormField key={key} label={<FormattedMessage id={`monitoring_configuration.report.${key}`} />} error={errors[key]}>
                  <Input type="date" name={key} max={today} value={period[key]} onChange={(e) => actor.send({ type: 'PERIOD', period: { [key]: e.target.value } })} />
                </FormField>
              ))}
            </HStack>
          )}
          <Button type="submit" variant="outline" colorPalette="brand" alignSelf="flex-start" loading={downloading} data-testid="download-monitoring-report">
            <LuDownload />
            <FormattedMessage id="monitoring_configuration.report.download" />
          </Button>
        </Stack>
      </form>
    </TitledCard>
  );
}
