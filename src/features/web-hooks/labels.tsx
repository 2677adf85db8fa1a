/** How the Web Hooks screen names things: statuses as badges, the retry schedule as words in the user's language. */
import { Badge } from '@chakra-ui/react';
import { FormattedMessage, type IntlShape } from 'react-intl';
import { WEBHOOK_FAILING_DELIVERIES, WEBHOOK_RETRY_SCHEDULE_SECONDS, WEBHOOK_TIMEOUT_SECONDS, type DeliveryStatus, type WebhookView } from '@common/webhooks';

const DELIVERY_PALETTE: Record<DeliveryStatus, string> = { pending: 'yellow', delivered: 'green', failed: 'red' };

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge size="sm" variant="subtle" colorPalette={DELIVERY_PALETTE[status]} data-testid="delivery-status" data-status={status}>
      <FormattedMessage id={`web_hooks.delivery_status.${status}`} />
    </Badge>
  );
}

/** Active, or disabled with the reason (the endpoint answered 410 Gone, kept failing, or someone switched it off). */
export function WebhookStatusBadge({ webhook }: { webhook: WebhookView }) {
  if (webhook.status === 'active') {
    return (
      <Badge size="sm" variant="subtle" colorPalette="green" data-testid="webhook-status" data-status="active">
        <FormattedMessage id="web_hooks.status.active" />
      </Badge>
    );
  }
  return (
    <Badge size="sm" variant="subtle" colorPalette="red" data-testid="webhook-status" data-status="disabled" whiteSpace="normal" textAlign="start">
      <FormattedMessage id={`web_hooks.disabled_reason.${webhook.disabled_reason ?? 'manual'}`} />
    </Badge>
  );
}

/** A wait in the largest whole unit that fits (5 seconds, 30 minutes, 2 hours), spelled by the browser's Intl for the language. */
export function duration(intl: IntlShape, seconds: number): string {
  const [value, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'long' });
}

/**
 * The retry schedule of common/webhooks.ts as a sentence: the first attempt is immediate, so only the
 * waits after it are listed.
 */
export function retrySchedule(intl: IntlShape): string {
  return intl.formatMessage(
    { id: 'web_hooks.help.retries' },
    {
      waits: intl.formatList(WEBHOOK_RETRY_SCHEDULE_SECONDS.filter((s) => s > 0).map((s) => duration(intl, s))),
      attempts: WEBHOOK_RETRY_SCHEDULE_SECONDS.length,
      timeout: duration(intl, WEBHOOK_TIMEOUT_SECONDS),
      failing: WEBHOOK_FAILING_DELIVERIES,
    },
  );
}

/** A response time in milliseconds, as the language writes it. */
export const millis = (intl: IntlShape, ms: number) => intl.formatNumber(ms, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' });
