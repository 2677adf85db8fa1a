/**
 * Usage Statistics' charts (@chakra-ui/charts over recharts): the work per day in two charts (screening:
 * searches, hits and decisions; Media Watcher and transaction monitoring: media searches, transactions and
 * alerts), and the outcomes (searches by case status, alerts by level). Colours are theme tokens, so a
 * white-label scheme recolours the brand's; right-to-left the days run from the right and the values' axis
 * stands on the right.
 */
import { Chart, useChart } from '@chakra-ui/charts';
import { SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { UsageDay, UsageMeasure, UsageStatistics } from '@common/usage';
import { TitledCard } from '../../components/TitledCard';
import { useDirection } from '../../lib/i18n';
import { ALERT_LEVEL_COLOURS, CASE_STATUS_COLOURS, MEASURE_COLOURS, alertLevelLabel, caseStatusLabel, colourOf, dayText } from './labels';

const SCREENING: readonly UsageMeasure[] = ['searches', 'hits', 'decisions'];
const MONITORING: readonly UsageMeasure[] = ['media_searches', 'transactions', 'alerts'];

/** The axes, grid and tooltip every chart shares; `category` is the x axis' key. */
function useFrame(chart: { key: (k: any) => any; color: (c: any) => any }, category: string, tick: (value: string) => string, tooltipLabel: (value: string) => string, legend: boolean) {
  const intl = useIntl();
  const rtl = useDirection() === 'rtl';
  return [
    <CartesianGrid key="grid" stroke={chart.color('border.muted')} vertical={false} />,
    <XAxis key="x" dataKey={chart.key(category)} axisLine={false} tickLine={false} reversed={rtl} tickFormatter={tick} minTickGap={12} />,
    <YAxis key="y" axisLine={false} tickLine={false} allowDecimals={false} orientation={rtl ? 'right' : 'left'} width={44} tickFormatter={(v: number) => intl.formatNumber(v, { notation: 'compact' })} />,
    <Tooltip
      key="tooltip"
      animationDuration={100}
      cursor={{ fill: chart.color('bg.muted') }}
      content={<Chart.Tooltip labelFormatter={(value: ReactNode) => tooltipLabel(String(value))} formatter={(value: number, name: ReactNode) => [intl.formatNumber(value), name]} />}
    />,
    ...(legend ? [<Legend key="legend" itemSorter={null} content={<Chart.Legend />} />] : []),
  ];
}

function PerDayChart({ days, measures, label, testId }: { days: UsageDay[]; measures: readonly UsageMeasure[]; label: string; testId: string }) {
  const intl = useIntl();
  const chart = useChart<UsageDay>({
    data: days,
    series: measures.map((m) => ({ name: m, color: MEASURE_COLOURS[m], label: intl.formatMessage({ id: `usage.measures.${m}` }) })),
  });
  const frame = useFrame(chart, 'day', (day) => dayText(intl, day), (day) => dayText(intl, day, true), true);
  return (
    <Chart.Root chart={chart} maxH="72" aria-label={label} role="figure" data-testid={testId}>
      <BarChart responsive data={chart.data} accessibilityLayer={false}>
        {frame}
        {chart.series.map((item) => (
          <Bar key={item.name} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} maxBarSize={24} />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

interface OutcomeRow {
  key: string;
  label: string;
  count: number;
  colour: string;
}

function OutcomeChart({ rows, label, seriesLabel, testId }: { rows: OutcomeRow[]; label: string; seriesLabel: string; testId: string }) {
  const chart = useChart<OutcomeRow>({ data: rows, series: [{ name: 'count', color: 'brand.solid', label: seriesLabel }] });
  const frame = useFrame(chart, 'label', (v) => v, (v) => v, false);
  return (
    <Chart.Root chart={chart} maxH="64" aria-label={label} role="figure" data-testid={testId}>
      <BarChart responsive data={chart.data} accessibilityLayer={false}>
        {frame}
        <Bar isAnimationActive={false} dataKey={chart.key('count')} name={seriesLabel} maxBarSize={48}>
          {chart.data.map((row) => (
            <Cell key={row.key} fill={chart.color(row.colour)} />
          ))}
        </Bar>
      </BarChart>
    </Chart.Root>
  );
}

/** Labels of a chart: "Searches, hits and decisions per day, 1 Apr 2026 – 30 Apr 2026". */
const chartLabel = (intl: IntlShape, id: string, statistics: UsageStatistics) =>
  `${intl.formatMessage({ id })}, ${intl.formatMessage({ id: 'usage.range' }, { from: dayText(intl, statistics.period.first_day, true), to: dayText(intl, statistics.period.last_day, true) })}`;

export function UsageCharts({ statistics }: { statistics: UsageStatistics }) {
  const intl = useIntl();
  const statusRows: OutcomeRow[] = statistics.outcomes.case_status.map((o) => ({ key: o.status, label: caseStatusLabel(intl, o.status), count: o.count, colour: colourOf(CASE_STATUS_COLOURS, o.status) }));
  const levelRows: OutcomeRow[] = statistics.outcomes.alert_level.map((o) => ({ key: o.level, label: alertLevelLabel(intl, o.level), count: o.count, colour: colourOf(ALERT_LEVEL_COLOURS, o.level) }));
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
      <TitledCard title={<FormattedMessage id="usage.charts.screening" />} data-testid="chart-screening-card">
        <PerDayChart days={statistics.days} measures={SCREENING} label={chartLabel(intl, 'usage.charts.screening', statistics)} testId="chart-screening" />
      </TitledCard>
      <TitledCard title={<FormattedMessage id="usage.charts.monitoring" />} data-testid="chart-monitoring-card">
        <PerDayChart days={statistics.days} measures={MONITORING} label={chartLabel(intl, 'usage.charts.monitoring', statistics)} testId="chart-monitoring" />
      </TitledCard>
      <TitledCard title={<FormattedMessage id="usage.charts.case_status" />} data-testid="chart-case-status-card">
        <OutcomeChart rows={statusRows} label={chartLabel(intl, 'usage.charts.case_status', statistics)} seriesLabel={intl.formatMessage({ id: 'usage.measures.searches' })} testId="chart-case-status" />
      </TitledCard>
      <TitledCard title={<FormattedMessage id="usage.charts.alert_level" />} data-testid="chart-alert-level-card">
        <OutcomeChart rows={levelRows} label={chartLabel(intl, 'usage.charts.alert_level', statistics)} seriesLabel={intl.formatMessage({ id: 'usage.measures.alerts' })} testId="chart-alert-level" />
      </TitledCard>
    </SimpleGrid>
  );
}
