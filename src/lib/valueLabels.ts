/**
 * The translated label of a case value (status, risk level, match status, relevance, database, entity
 * type...), under cases.values.<group>.<slug> in locales/, falling back to the value itself. Any screen
 * that shows case values uses these (case screens, dashboard).
 */
import type { IntlShape } from 'react-intl';

/** 'For Review' -> for_review, 'True Positive - Approve' -> true_positive_approve. */
export const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

export type ValueGroup = 'case_status' | 'match_status' | 'risk_level' | 'relevance' | 'database' | 'entity_type' | 'gender' | 'action' | 'feature' | 'preset';

export function valueLabel(intl: IntlShape, group: ValueGroup, value: string) {
  const id = `cases.values.${group}.${slug(value)}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : value;
}

/** The choices of a select over case values, each shown with its translated label. */
export const valueOptions = (intl: IntlShape, group: ValueGroup, values: readonly string[]) => values.map((value) => ({ value, label: valueLabel(intl, group, value) }));
