/**
 * A running batch's progress: the bar, rows done of the total, rows per second
 * and time left; a paused batch says what it waits for. Used by the table's
 * rows and by the upload modal, both fed by the socket's bulk-progress events.
 */
import { HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { BatchProgress } from '@common/bulk';
import { progressFigures } from '@machines/bulk-upload/bulk-upload.selectors';

/** "45 sec", "3 min 20 sec", in the reader's language. */
export function formatDuration(intl: IntlShape, seconds: number): string {
  const unit = (value: number, u: 'second' | 'minute' | 'hour') => intl.formatNumber(value, { style: 'unit', unit: u, unitDisplay: 'short' });
  if (seconds < 60) return unit(Math.max(1, Math.round(seconds)), 'second');
  if (seconds < 3600) {
    const m = Math.floor(seconds / 60);
    const s = Math.round(seconds % 60);
    return s ? `${unit(m, 'minute')} ${unit(s, 'second')}` : unit(m, 'minute');
  }
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return m ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(h, 'hour');
}

export function BatchProgressBar({ progress, size = 'sm' }: { progress: BatchProgress; size?: 'xs' | 'sm' | 'md' }) {
  const intl = useIntl();
  const f = progressFigures(progress);
  const waiting = f.paused ? (f.paused === 'daily_limit' ? 'bulk.progress.waiting_daily' : 'bulk.progress.waiting_credits') : progress.phase === 'queued' && f.done === 0 ? 'bulk.progress.queued' : null;
  return (
    <Stack gap="1" minW="44" data-testid="batch-progress" data-done={f.done} data-total={f.total}>
      <Progress.Root value={f.percent} size={size} colorPalette={f.paused ? 'orange' : 'brand'} striped={!f.paused} animated={!f.paused} aria-label={intl.formatMessage({ id: 'bulk.columns.progress' })}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack gap="2" fontSize="xs" color="fg.muted" wrap="wrap">
        <Text data-testid="progress-rows">
          <FormattedMessage id="bulk.progress.rows" values={{ done: intl.formatNumber(f.done), total: intl.formatNumber(f.total) }} />
        </Text>
        {waiting ? (
          <Text color={f.paused ? 'fg.warning' : undefined} fontWeight={f.paused ? 'medium' : undefined} data-testid="progress-waiting">
            <FormattedMessage id={waiting} />
          </Text>
        ) : (
          <>
            {f.rowsPerSecond !== null && (
              <Text data-testid="progress-rate">
                <FormattedMessage id="bulk.progress.rate" values={{ rate: intl.formatNumber(f.rowsPerSecond, { maximumFractionDigits: f.rowsPerSecond < 10 ? 1 : 0 }) }} />
              </Text>
            )}
            {f.secondsLeft !== null && (
              <Text data-testid="progress-left">
                <FormattedMessage id="bulk.progress.left" values={{ time: formatDuration(intl, f.secondsLeft) }} />
              </Text>
            )}
          </>
        )}
      </HStack>
    </Stack>
  );
}
