/**
 * Creating an organisation with its administrator role and first user (signup and seeding). A system module on the
 * raw database: until these statements run there is no organisation to bind a handle to.
 */
import { PERMISSION_NAMES, PERMISSIONS, withDependencies } from '../../common/permissions';
import type { OrganisationDetail, PlanName, ServiceType, WhiteLabel } from '../../common/organisation';
import { CREDIT_KINDS, type CreditKind } from '../../common/billing';
import type { Queryable } from '../db/client';
import { inTransaction } from '../db/tenant';
import { hashPassword } from '../auth/passwords';
import { appendLedger } from './ledger';

export interface NewOrganisation {
  name: string;
  slug?: string;
  is_demo?: boolean;
  service_types?: ServiceType[];
  transaction_monitoring?: boolean;
  usage_report?: boolean;
  show_monitoring_configuration?: boolean;
  billing_type?: OrganisationDetail['billing_type'];
  plan_name?: PlanName | null;
  white_labeling_for?: WhiteLabel | null;
  aml_screening_credits_alloted?: number | null;
  media_watcher_credits_alloted?: number | null;
  transaction_monitoring_credits_alloted?: number | null;
  daily_search_limit?: number | null;
}

/** Credits a plan-billing organisation starts with (a trial until a plan is bought); invoice billing is unlimited. */
export const TRIAL_CREDITS = { aml_screening: 25, media_watcher: 10, transaction_monitoring: 100 };

function slugify(name: string) {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'org'}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Inserts the organisation and grants its credits through the credit ledger (server/organisations/ledger.ts):
 * the row starts with nothing allotted (NULL: not limited; 0: limited, for a kind that is granted or was given
 * 0), and each allotment is a grant row, 'trial' for a plan-billing organisation's trial credits and
 * 'operator' for an allotment the caller chose (the seed, an operator), so the ledger sums to the
 * organisation's counters from its first row. Run it inside a transaction, so an organisation never exists
 * without its grants.
 */
export async function insertOrganisation(db: Queryable, org: NewOrganisation): Promise<string> {
  const plan = org.billing_type === 'plan';
  const allotments: Record<CreditKind, { value: number | null | undefined; trial: number }> = {
    aml_screening: { value: org.aml_screening_credits_alloted, trial: TRIAL_CREDITS.aml_screening },
    media_watcher: { value: org.media_watcher_credits_alloted, trial: TRIAL_CREDITS.media_watcher },
    transaction_monitoring: { value: org.transaction_monitoring_credits_alloted, trial: TRIAL_CREDITS.transaction_monitoring },
  };
  const grants = CREDIT_KINDS.map((kind) => {
    const { value, trial } = allotments[kind];
    const amount = value !== undefined ? value : plan ? trial : null;
    return { kind, amount, reason: value !== undefined ? ('operator' as const) : ('trial' as const) };
  });
  const start = (kind: CreditKind) => (grants.find((g) => g.kind === kind)!.amount === null ? null : 0);
  const row = await db.one<{ id: string }>(
    `INSERT INTO organisations (name, slug, is_demo, service_types, transaction_monitoring, usage_report, show_monitoring_configuration,
       billing_type, plan_name, white_labeling_for, aml_screening_credits_alloted, media_watcher_credits_alloted,
       transaction_monitoring_credits_alloted, daily_search_limit)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [
      org.name,
      org.slug ?? slugify(org.name),
      org.is_demo ?? false,
      org.service_types ?? ['aml_screening'],
      org.transaction_monitoring ?? false,
      org.usage_report ?? false,
      org.show_monitoring_configuration ?? false,
      org.billing_type ?? 'invoice',
      org.plan_name ?? null,
      org.white_labeling_for ?? null,
      start('aml_screening'),
      start('media_watcher'),
      start('transaction_monitoring'),
      org.daily_search_limit ?? null,
    ],
  );
  const ledger = inTransaction(db, row!.id);
  for (const grant of grants) {
    if (grant.amount) await appendLedger(ledger, { kind: grant.kind, entry: 'grant', amount: grant.amount, reason: grant.reason });
  }
  return row!.id;
}

export async function insertRole(db: Queryable, organisationId: string, name: string, permissions: readonly string[], isAdmin = false) {
  const row = await db.one<{ id: string }>('INSERT INTO roles (organisation_id, name, is_admin) VALUES ($1, $2, $3) RETURNING id', [
    organisationId,
    name,
    isAdmin,
  ]);
  const granted = withDependencies(permissions).filter((p) => isAdmin || !PERMISSIONS[p].adminOnly);
  if (granted.length) {
    await db.query('INSERT INTO role_permissions (role_id, permission) SELECT $1, unnest($2::text[])', [row!.id, granted]);
  }
  return row!.id;
}

export async function insertUser(
  db: Queryable,
  user: { organisationId: string; roleId: string; name: string; email: string; password?: string; language?: string },
) {
  const row = await db.one<{ id: string }>(
    `INSERT INTO users (organisation_id, role_id, name, email, password_hash, language) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [user.organisationId, user.roleId, user.name, user.email.toLowerCase(), user.password ? await hashPassword(user.password) : null, user.language ?? null],
  );
  return row!.id;
}

export async function createOrganisationWithAdmin(
  db: Queryable,
  input: { organisation: NewOrganisation; admin: { name: string; email: string; password?: string } },
) {
  const organisationId = await insertOrganisation(db, input.organisation);
  const roleId = await insertRole(db, organisationId, 'Administrator', PERMISSION_NAMES, true);
  const userId = await insertUser(db, { organisationId, roleId, ...input.admin });
  return { organisationId, roleId, userId };
}
