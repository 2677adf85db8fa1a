/** The organisation detail of section 3, as the API returns it and the guards read it. */

export const SERVICE_TYPES = ['aml_screening', 'media_watcher'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const PLAN_NAMES = ['basic', 'plus'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const WHITE_LABELS = ['fts', 'petroshore', 'meta_world'] as const;
export type WhiteLabel = (typeof WHITE_LABELS)[number];

export interface OrganisationDetail {
  id: string;
  name: string;
  is_demo: boolean;
  service_types: ServiceType[];
  transaction_monitoring: boolean;
  usage_report: boolean;
  show_monitoring_configuration: boolean;
  billing_type: 'plan' | 'invoice';
  plan_details: { plan_name: PlanName } | null;
  media_watcher_credits_alloted: number;
  media_watcher_credits_used: number;
  white_labeling_for: WhiteLabel | null;
}

export const ORGANISATION_FLAGS = ['transaction_monitoring', 'usage_report', 'show_monitoring_configuration'] as const;
export type OrganisationFlag = (typeof ORGANISATION_FLAGS)[number];

/** Section 6: media credits are available when allotted minus used is above 0. */
export function hasMediaCredits(org: Pick<OrganisationDetail, 'media_watcher_credits_alloted' | 'media_watcher_credits_used'>) {
  return org.media_watcher_credits_alloted - org.media_watcher_credits_used > 0;
}

/** Primary colours of the white-label schemes. meta_world is our choice (docs/white-label.md). */
export const BRAND_COLOURS: Record<WhiteLabel | 'default', string> = {
  default: '#5d5fec',
  petroshore: '#0F70B7',
  fts: '#003EFF',
  meta_world: '#0E7C66',
};
