/**
 * Request schemas of the usage statistics calls (docs/usage-statistics.md). A period is a date preset of
 * section 9, or custom with date_from and date_to (YYYY-MM-DD, UTC days) as Manage Case takes them; the
 * date rules and the two-year limit are usagePeriodProblem() in common/usage.ts, which the page applies too.
 */
import { enums, object, optional, type Infer } from 'superstruct';
import { DATE_PRESETS } from '../enums';
import { INPUT_LIMITS, requiredString, text } from './core';

const period = {
  date_preset: optional(enums(DATE_PRESETS)),
  date_from: optional(text(INPUT_LIMITS.short)),
  date_to: optional(text(INPUT_LIMITS.short)),
};

/** GET /api/usage-statistics and GET /api/usage-statistics/report: the period; the last 30 days when none is given. */
export const UsagePeriodQuery = object(period);
export type UsagePeriodQueryValue = Infer<typeof UsagePeriodQuery>;

/** POST /api/usage-statistics/share-link: the period the link shows. */
export const UsageShareLinkBody = object(period);

/** GET /api/usage-report-pdf: the report link's token. */
export const SharedUsageReportQuery = object({ token: requiredString('usage_report_link_invalid', INPUT_LIMITS.token) });
