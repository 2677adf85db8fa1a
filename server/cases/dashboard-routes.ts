/**
 * The dashboard's numbers (searches-categories): cases in total and per case
 * status (passed, passed conditionally, under review, failed: every status, so
 * they add up to the total), the categories (databases) their hits
 * come from, and cases per day, for one date preset.
 */
import { findRoute } from '../../common/access';
import { DATABASES } from '../../common/enums';
import { DashboardQuery } from '../../common/schemas/cases';
import { countCases, filterRange } from './list';
import { route } from '../http/routes';
import { casesPerCategory, casesPerDay } from './dashboard-data';

export function dashboardRoutes() {
  return [
    route({
      method: 'GET',
      path: '/searches-categories',
      operationId: 'getDashboardCounts',
      tag: 'Dashboard',
      summary: 'Counts of cases by status and by hit category, and cases per day, for a date preset (live cases only).',
      access: findRoute('dashboard').requirement,
      query: DashboardQuery,
      async handler({ org, auth, query }) {
        const range = filterRange(query)!;
        const [totals, categories, timeline] = await Promise.all([
          (async () => {
            const count = (statuses?: string[]) => countCases(org, { ...query, case_status: statuses }, auth.user.id);
            // One card per case status, so the cards add up to the total; the total is counted on its own (as Manage
            // Case counts it), which the tests compare with the cards.
            const [total, passed, failed, for_review, passed_conditionally] = [
              await count(),
              await count(['Passed']),
              await count(['Failed']),
              await count(['For Review']),
              await count(['Passed Conditionally']),
            ];
            return { total, passed, failed, for_review, passed_conditionally };
          })(),
          casesPerCategory(org, range),
          casesPerDay(org, range, query.tz_offset ?? 0),
        ]);
        const byCategory = new Map(categories.map((c) => [c.category, c.count]));
        return {
          date_preset: query.date_preset,
          from: range.from.toISOString(),
          to: range.to.toISOString(),
          totals,
          categories: DATABASES.filter((d) => d !== 'adverse_media').map((d) => ({ category: d, count: byCategory.get(d) ?? 0 })),
          timeline: timeline.reverse(),
        };
      },
    }),
  ];
}
