/** How Usage Statistics names and colours what it counts. */
import type { IntlShape } from 'react-intl';
import { ownEntry } from '@common/lookup';
import type { UsageMeasure } from '@common/usage';

/** A UTC day (YYYY-MM-DD) as the axis ("7 Apr") and the tooltip ("7 Apr 2026") show it, wherever the reader is. */
export const dayText = (intl: IntlShape, day: string, long = false) =>
  intl.formatDate(`${day}T00:00:00Z`, long ? { dateStyle: 'medium', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' });

export const MEASURE_COLOURS: Record<UsageMeasure, string> = {
  searches: 'brand.solid',
  hits: 'purple.400',
  decisions: 'teal.500',
  media_searches: 'orange.400',
  transactions: 'cyan.600',
  alerts: 'red.500',
};

export const CASE_STATUS_COLOURS: Record<string, string> = { Passed: 'green.500', 'Passed Conditionally': 'teal.500', 'For Review': 'orange.400', Failed: 'red.500' };
export const ALERT_LEVEL_COLOURS: Record<string, string> = { high: 'red.500', medium: 'orange.400', low: 'yellow.400' };

const STATUS_KEYS: Record<string, string> = { Passed: 'passed', 'Passed Conditionally': 'passed_conditionally', 'For Review': 'for_review', Failed: 'failed' };

export const caseStatusLabel = (intl: IntlShape, status: string) => {
  const key = ownEntry(STATUS_KEYS, status);
  return key ? intl.formatMessage({ id: `usage.case_status.${key}` }) : status;
};
const LEVEL_KEYS: Record<string, string> = { high: 'high', medium: 'medium', low: 'low' };
export const alertLevelLabel = (intl: IntlShape, level: string) => {
  const key = ownEntry(LEVEL_KEYS, level);
  return key ? intl.formatMessage({ id: `usage.alert_level.${key}` }) : level;
};
/** A chart colour of a case status or an alert level, grey for one the product does not name. */
export const colourOf = (table: Readonly<Record<string, string>>, key: string) => ownEntry(table, key) ?? 'gray.400';
