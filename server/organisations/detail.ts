/** Reads an organisation row into the "Organisation detail" of section 3. */
import type { OrganisationDetail } from '../../common/organisation';
import type { Queryable, Row } from '../db/client';

export function toOrganisationDetail(row: Row): OrganisationDetail {
  return {
    id: row.id,
    name: row.name,
    is_demo: row.is_demo,
    service_types: row.service_types ?? [],
    transaction_monitoring: row.transaction_monitoring,
    usage_report: row.usage_report,
    show_monitoring_configuration: row.show_monitoring_configuration,
    billing_type: row.billing_type,
    plan_details: row.plan_name ? { plan_name: row.plan_name } : null,
    media_watcher_credits_alloted: row.media_watcher_credits_alloted ?? 0,
    media_watcher_credits_used: row.media_watcher_credits_used ?? 0,
    white_labeling_for: row.white_labeling_for ?? null,
  };
}

export async function loadOrganisation(db: Queryable, id: string): Promise<OrganisationDetail | undefined> {
  const row = await db.one('SELECT * FROM organisations WHERE id = $1', [id]);
  return row ? toOrganisationDetail(row) : undefined;
}

/** Credit limits, for the auth state's "limits". Null allotted means unlimited. */
export function organisationLimits(row: Row) {
  const kind = (prefix: string) => ({
    alloted: row[`${prefix}_credits_alloted`] ?? null,
    used: row[`${prefix}_credits_used`] ?? 0,
  });
  return {
    aml_screening: kind('aml_screening'),
    media_watcher: kind('media_watcher'),
    transaction_monitoring: kind('transaction_monitoring'),
    daily_search_limit: row.daily_search_limit ?? null,
  };
}
