/**
 * First-start data: three organisations that between them exercise every
 * branch of the access rules, plus the demo organisation. Runs only when the
 * database has no organisation yet.
 */
import { ANALYST_PERMISSIONS } from '../../common/permissions';
import type { Config } from '../config';
import type { Db } from './client';
import { createOrganisationWithAdmin, insertRole, insertUser } from '../organisations/create';

export interface SeedAccount {
  organisation: string;
  email: string;
  password: string;
  role: string;
}

export const SEED_PLAN_ADMIN = { email: 'planadmin@example.com', password: 'Planadmin-2026!' };
export const SEED_DEMO_USER = { email: 'demo@example.com', password: 'Demo-2026!' };

export async function seedIfEmpty(db: Db, config: Config): Promise<SeedAccount[] | null> {
  const existing = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM organisations');
  if (existing && existing.n > 0) return null;

  return db.transaction(async (tx) => {
    const main = await createOrganisationWithAdmin(tx, {
      organisation: {
        name: 'Northwind Compliance',
        slug: 'northwind',
        service_types: ['aml_screening', 'media_watcher'],
        transaction_monitoring: true,
        usage_report: true,
        show_monitoring_configuration: true,
        billing_type: 'invoice',
        media_watcher_credits_alloted: 1000,
      },
      admin: { name: 'Ada Administrator', email: config.adminEmail, password: config.adminPassword },
    });
    const analystRole = await insertRole(tx, main.organisationId, 'Analyst', ANALYST_PERMISSIONS);
    await insertUser(tx, {
      organisationId: main.organisationId,
      roleId: analystRole,
      name: 'Alex Analyst',
      email: config.analystEmail,
      password: config.analystPassword,
    });

    await createOrganisationWithAdmin(tx, {
      organisation: {
        name: 'Harbour Trading',
        slug: 'harbour',
        service_types: ['aml_screening', 'media_watcher'],
        billing_type: 'plan',
        plan_name: 'basic',
        aml_screening_credits_alloted: 500,
        media_watcher_credits_alloted: 100,
        daily_search_limit: 200,
      },
      admin: { name: 'Hana Harbour', email: SEED_PLAN_ADMIN.email, password: SEED_PLAN_ADMIN.password },
    });

    await createOrganisationWithAdmin(tx, {
      organisation: {
        name: 'Demo',
        slug: 'demo',
        is_demo: true,
        service_types: ['aml_screening'],
        billing_type: 'invoice',
      },
      admin: { name: 'Demo User', email: SEED_DEMO_USER.email, password: SEED_DEMO_USER.password },
    });

    return [
      { organisation: 'Northwind Compliance', email: config.adminEmail, password: config.adminPassword, role: 'Administrator' },
      { organisation: 'Northwind Compliance', email: config.analystEmail, password: config.analystPassword, role: 'Analyst' },
      { organisation: 'Harbour Trading (plan billing, basic plan)', email: SEED_PLAN_ADMIN.email, password: SEED_PLAN_ADMIN.password, role: 'Administrator' },
      { organisation: 'Demo', email: SEED_DEMO_USER.email, password: SEED_DEMO_USER.password, role: 'Administrator' },
    ];
  });
}
