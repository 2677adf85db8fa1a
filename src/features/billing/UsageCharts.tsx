/**
 * Credits Usage's two charts (@chakra-ui/charts over recharts): credits spent per day by kind (stacked bars)
 * and each limited kind's balance over the period (lines). Colours are the brand palette's shades
 * (labels.tsx KIND_COLOURS), so a white-label scheme recolours them; right-to-left the days run from the right
 * and the values' axis stands on the right.
 */
import { Chart, useChart } from '@chakra-ui/charts';
import { Box, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { CreditKind, CreditsSummaryAnswer } from '@common/billing';
import { TitledCard } from '../../components/TitledCard';
import { useDirection } from '../../lib/i18n';
import { KIND_COLOURS, kindLabel } from './labels';
import { balanceOverTime, limitedKinds, spentPerDay, type UsageRow } from './usageSeries';

/** A calendar day (YYYY-MM-DD) as the axis and the tooltip show it, read as that day wherever the user is. */
const dayText = (intl: IntlShape, day: string, long = false) =>
  intl.formatDate(`${day}T00:00:00Z`, long ? { dateStyle: 'medium', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' });

interface ChartProps {
  rows: UsageRow[];
  kinds: readonly CreditKind[];
  label: string;
  testId: string;
}

function useKindChart(rows: UsageRow[], kinds: readonly CreditKind[]) {
  const intl = useIntl();
  return useChart<UsageRow>({ data: rows, series: kinds.map((kind) => ({ name: kind, color: KIND_COLOURS[kind], label: kindLabel(intl, kind) })) });
}

/** The axes, grid, tooltip and legend both charts share. */
function useFrame(chart: ReturnType<typeof useKindChart>) {
  const intl = useIntl();
  const rtl = useDirection() === 'rtl';
  return [
    <CartesianGrid key="grid" stroke={chart.color('border.muted')} vertical={false} />,
    <XAxis key="x" dataKey={chart.key('day')} axisLine={false} tickLine={false} reversed={rtl} tickFormatter={(day: string) => dayText(intl, day)} minTickGap={16} />,
    <YAxis
      key="y"
      axisLine={false}
      tickLine={false}
      allowDecimals={false}
      orientation={rtl ? 'right' : 'left'}
      width={60}
      // Right to left, the SVG's text runs the other way: "end" then anchors a label's left edge, beside the axis instead of over the plot.
      tick={rtl ? { textAnchor: 'end' } : true} tickFormatter={(v: number) => intl.formatNumber(v, { notation: 'compact' })} />,
    <Tooltip
      key="tooltip"
      animationDuration={100}
      cursor={{ fill: chart.color('bg.muted'), stroke: chart.color('border') }}
      content={<Chart.Tooltip labelFormatter={(day: ReactNode) => dayText(intl, String(day), true)} formatter={(value: number, name: ReactNode) => [intl.formatNumber(value), name]} />}
    />,
    <Legend key="legend" content={<Chart.Legend />} />,
  ];
}

function SpentChart({ rows, kinds, label, testId }: ChartProps) {
  const chart = useKindChart(rows, kinds);
  const frame = useFrame(chart);
  return (
    <Chart.Root chart={chart} h="72" aspectRatio="auto" aria-label={label} role="figure" data-testid={testId}>
      <BarChart data={chart.data} accessibilityLayer={false} responsive>
        {frame}
        {chart.series.map((item) => (
          <Bar key={item.name} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} stackId="spent" maxBarSize={32} />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

function BalanceChart({ rows, kinds, label, testId }: ChartProps) {
  const chart = useKindChart(rows, kinds);
  const frame = useFrame(chart);
  return (
    <Chart.Root chart={chart} h="72" aspectRatio="auto" aria-label={label} role="figure" data-testid={testId}>
      <LineChart data={chart.data} accessibilityLayer={false} responsive>
        {frame}
        {chart.series.map((item) => (
          <Line key={item.name} isAnimationActive={false} type="stepAfter" dataKey={chart.key(item.name)} stroke={chart.color(item.color)} strokeWidth={2} dot={false} />
        ))}
      </LineChart>
    </Chart.Root>
  );
}

interface Props {
  summary: CreditsSummaryAnswer | null;
  kinds: readonly CreditKind[];
  period: { from: string; to: string; clipped: boolean };
  loading: boolean;
}

export function UsageCharts({ summary, kinds, period, loading }: Props) {
  const intl = useIntl();
  const range = { from: dayText(intl, period.from, true), to: dayText(intl, period.to, true) };
  const limited = summary ? limitedKinds(summary, kinds) : [];
  const note = (
    <Text fontSize="xs" color="fg.muted">
      <FormattedMessage id={period.clipped ? 'billing.usage.charts_clipped' : 'billing.usage.charts_period'} values={range} />
    </Text>
  );
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
      <TitledCard title={<FormattedMessage id="billing.usage.spent_chart" />} data-testid="spent-chart-card">
        {summary ? (
          <Box opacity={loading ? 0.6 : 1}>
            <SpentChart rows={spentPerDay(summary, kinds, period)} kinds={kinds} label={intl.formatMessage({ id: 'billing.usage.spent_chart_label' }, range)} testId="spent-chart" />
            {note}
          </Box>
        ) : (
          <Skeleton height="64" />
        )}
      </TitledCard>
      <TitledCard title={<FormattedMessage id="billing.usage.balance_chart" />} data-testid="balance-chart-card">
        {summary ? (
          <Box opacity={loading ? 0.6 : 1}>
            {limited.length > 0 ? (
              <BalanceChart rows={balanceOverTime(summary, limited, period)} kinds={limited} label={intl.formatMessage({ id: 'billing.usage.balance_chart_label' }, range)} testId="balance-chart" />
            ) : (
              <Text fontSize="sm" color="fg.muted" py="8" textAlign="center">
                <FormattedMessage id="billing.usage.no_limited_kinds" />
              </Text>
            )}
            {note}
          </Box>
        ) : (
          <Skeleton height="64" />
        )}
      </TitledCard>
    </SimpleGrid>
  );
}
