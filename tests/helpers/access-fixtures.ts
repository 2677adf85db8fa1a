/** Access contexts for guard and landing tests. */
import type { AccessContext } from '../../common/access';
import { effectivePermissions } from '../../common/access';
import type { OrganisationDetail } from '../../common/organisation';
import { PERMISSION_NAMES } from '../../common/permissions';

export const fullOrganisation: AccessContext['organisation'] = {
  is_demo: false,
  service_types: ['aml_screening', 'media_watcher'],
  transaction_monitoring: true,
  usage_report: true,
  show_monitoring_configuration: true,
  billing_type: 'invoice',
  plan_details: null,
};

export function accessOf(permissions: readonly string[], organisation: Partial<OrganisationDetail> = {}): AccessContext {
  const org = { ...fullOrganisation, ...organisation };
  return { permissions: effectivePermissions(permissions, org), organisation: org };
}

export const everyPermission = PERMISSION_NAMES;
