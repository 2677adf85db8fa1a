/**
 * First-start data: three organisations that between them exercise every
 * branch of the access rules, plus the demo organisation. Runs only when the
 * database has no organisation yet. The sample bulk search batch (SEED_BATCH)
 * needs the job queue and the lists, so the server starts it through bulk
 * search's own functions once they run (server/start.ts).
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

/**
 * Northwind's sample bulk search batch: real names of the lists the product screens (UN Security
 * Council sanctions, US Congress members; a few with the typos real files have) mixed with names no
 * list holds, so the batch table, its downloads and Manage Case's batch filter have something to show.
 */
export const SEED_BATCH = {
  name: 'Sample onboarding batch',
  file_name: 'sample-onboarding.csv',
  rows: [
    ['Ayman al-Zawahri', 'person', ''],
    ['Germain Katanga', 'person', 'CD'],
    ['Ahmed Khalfan Ghailani', 'person', ''],
    ['Amir Khan Motaqi', 'person', 'AF'],
    ['Kim Nam Ung', 'person', ''],
    ['Monir Chouka', 'person', ''],
    ['Abdulhai Salek', 'person', ''],
    ['Gaffar Mohammed Elhassan', 'person', 'SD'],
    ['Yun Ho-jin', 'person', ''],
    ['Noor Barzan Ibrahim', 'person', ''],
    ['Kaveh Cutting Tools Company', 'company', 'IR'],
    ['Korea Mining Development Trading Corporation', 'company', ''],
    ['Wafa Humanitarian Organisation', 'company', ''],
    ['Maria Cantwell', 'person', 'US'],
    ['Amy Klobuchar', 'person', ''],
    ['Bernie Sanders', 'person', 'US'],
    ['Sheldon Whitehous', 'person', ''],
    ['Susan Collins', 'person', ''],
    ['John Cornyn', 'person', 'US'],
    ['Roger Wicker', 'person', ''],
    ['Eleanor Fairweather-Quinn', 'person', 'GB'],
    ['Tobias Lindqvist-Moreau', 'person', ''],
    ['Priya Ramaswamy-Holt', 'person', 'IN'],
    ['Hollowbrook Fine Teas Ltd', 'company', 'GB'],
    ['Quillfeather Logistics GmbH', 'company', 'DE'],
  ] as [name: string, entityType: 'person' | 'company', country: string][],
};

/** The sample batch as the CSV file an analyst would upload, with who uploads it (Northwind's administrator); null once that account is gone. */
export async function sampleBatchUpload(db: Db, config: Config) {
  const owner = await db.one<{ organisation_id: string; id: string; name: string; email: string }>(
    `SELECT u.organisation_id, u.id, u.name, u.email FROM users u JOIN organisations o ON o.id = u.organisation_id WHERE o.slug = 'northwind' AND lower(u.email) = lower($1)`,
    [config.adminEmail],
  );
  if (!owner) return null;
  const lines = ['Name,Entity Type,Countries', ...SEED_BATCH.rows.map(([name, type, country]) => `${name},${type},${country}`)];
  return {
    organisationId: owner.organisation_id,
    actor: { id: owner.id, name: owner.name, email: owner.email },
    name: SEED_BATCH.name,
    fileName: SEED_BATCH.file_name,
    csv: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
  };
}
