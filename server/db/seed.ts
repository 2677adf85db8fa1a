/**
 * First-start data: three organisations that between them exercise every
 * branch of the access rules, plus the demo organisation and one organisation per
 * white-label partner (SEED_PARTNERS). Runs only when the
 * database has no organisation yet. The sample bulk search batch (SEED_BATCH)
 * needs the job queue and the lists, so the server starts it through bulk
 * search's own functions once they run (server/start.ts).
 */
import { ANALYST_PERMISSIONS } from '../../common/permissions';
import type { Config } from '../config';
import type { Db, Queryable } from './client';
import { createOrganisationWithAdmin, insertRole, insertUser } from '../organisations/create';
import { seedInvoiceCreditHistory, seedPlanCreditHistory } from '../organisations/seed-ledger';
import { seedWebhooks } from '../webhooks/seed';
import { newApiKey } from '../auth/api-keys';

export interface SeedAccount {
  organisation: string;
  email: string;
  password: string;
  role: string;
}

export const SEED_PLAN_ADMIN = { email: 'planadmin@example.com', password: 'Planadmin-2026!' };
export const SEED_DEMO_USER = { email: 'demo@example.com', password: 'Demo-2026!' };

/** One organisation per white-label scheme (docs/white-label.md), each with its administrator: screening, billed by invoice. */
export const SEED_PARTNERS = [
  { scheme: 'petroshore', organisation: 'Petroshore Energy', slug: 'petroshore', admin: 'Paula Shore', email: 'petroshore@example.com', password: 'Petroshore-2026!' },
  { scheme: 'fts', organisation: 'FTS Payments', slug: 'fts', admin: 'Felix Stone', email: 'fts@example.com', password: 'Fts-2026!' },
  { scheme: 'meta_world', organisation: 'Meta World Exchange', slug: 'meta-world', admin: 'Mira World', email: 'metaworld@example.com', password: 'Metaworld-2026!' },
] as const;

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
        // Limited, with nothing granted yet: the month of credit history below grants the 1000.
        media_watcher_credits_alloted: 0,
      },
      admin: { name: 'Ada Administrator', email: config.adminEmail, password: config.adminPassword },
    });
    await seedAdvancedFeatures(tx, main.organisationId, main.userId);
    await seedWebhooks(tx, main.organisationId, main.userId);
    await seedApiKey(tx, main.organisationId, main.userId);
    const analystRole = await insertRole(tx, main.organisationId, 'Analyst', ANALYST_PERMISSIONS);
    const analystId = await insertUser(tx, {
      organisationId: main.organisationId,
      roleId: analystRole,
      name: 'Alex Analyst',
      email: config.analystEmail,
      password: config.analystPassword,
    });
    await seedInvoiceCreditHistory(tx, main.organisationId, 1000, [main.userId, analystId]);

    const harbour = await createOrganisationWithAdmin(tx, {
      organisation: {
        name: 'Harbour Trading',
        slug: 'harbour',
        service_types: ['aml_screening', 'media_watcher'],
        billing_type: 'plan',
        plan_name: 'basic',
        // Granted by the month of credit history below: the trial, then the basic plan's credits.
        aml_screening_credits_alloted: 0,
        media_watcher_credits_alloted: 0,
        transaction_monitoring_credits_alloted: 0,
        daily_search_limit: 200,
      },
      admin: { name: 'Hana Harbour', email: SEED_PLAN_ADMIN.email, password: SEED_PLAN_ADMIN.password },
    });
    await seedPlanCreditHistory(tx, harbour.organisationId, 'basic', harbour.userId);

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

    for (const partner of SEED_PARTNERS) {
      await createOrganisationWithAdmin(tx, {
        organisation: { name: partner.organisation, slug: partner.slug, service_types: ['aml_screening'], billing_type: 'invoice', white_labeling_for: partner.scheme },
        admin: { name: partner.admin, email: partner.email, password: partner.password },
      });
    }

    return [
      { organisation: 'Northwind Compliance', email: config.adminEmail, password: config.adminPassword, role: 'Administrator' },
      { organisation: 'Northwind Compliance', email: config.analystEmail, password: config.analystPassword, role: 'Analyst' },
      { organisation: 'Harbour Trading (plan billing, basic plan)', email: SEED_PLAN_ADMIN.email, password: SEED_PLAN_ADMIN.password, role: 'Administrator' },
      { organisation: 'Demo', email: SEED_DEMO_USER.email, password: SEED_DEMO_USER.password, role: 'Administrator' },
      ...SEED_PARTNERS.map((p) => ({ organisation: `${p.organisation} (white label ${p.scheme})`, email: p.email, password: p.password, role: 'Administrator' })),
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

/**
 * Northwind's advanced features, so each screen shows real work on the first start: a blacklist of people
 * and companies its fraud team flagged, a whitelist of customers it cleared, a comment on a record, two
 * risk-scoring engines (neither active, so searches keep the default rules until an administrator chooses
 * one), two search profiles, and a monitoring configuration. The names are invented and match no listed
 * entity. Two cases screened with them are made once the lists are loaded (SEED_ADVANCED_CASES).
 */
export const SEED_LISTS = {
  blacklist: {
    name: 'Payment fraud watchlist',
    description: 'People and companies our investigations team linked to payment fraud, 2024 to 2026.',
    records: [
      ['Dariusz Wolanczyk-Barrett', 'person', [1979, 3, 14], 'PL', 'Card fraud', ['Darek Barrett']],
      ['Marguerite Ondaatje-Lisle', 'person', [1985], 'CA', 'Account takeover', []],
      ['Velorin Trade Partners Ltd', 'company', [2016], 'CY', 'Invoice fraud', ['Velorin Trading']],
      ['Kasimir Ozolinsh', 'person', [1968, 11], 'LV', 'Money mule recruiter', []],
      ['Brightwell Apex Holdings', 'company', [], 'AE', 'Shell company', []],
      ['Teodoro Villaseñor Ruiz', 'person', [1990, 7, 2], 'MX', 'Chargeback abuse', []],
      ['Olumide Adebanjo-Frost', 'person', [], 'NG', 'Romance scam', []],
      ['Port Rashid Warehouse 14', 'location', [], 'AE', 'Transshipment point', []],
    ] as [string, 'person' | 'company' | 'location', number[], string, string, string[]][],
  },
  whitelist: {
    name: 'Cleared customers',
    description: 'Customers reviewed and cleared by compliance after a name match on a public list.',
    records: [
      ['Ismail Haddad Qureshi', 'person', [1982, 5, 9], 'AE', 'Cleared March 2026', []],
      ['Irina Volkova-Brandt', 'person', [1975], 'DE', 'Cleared May 2026', []],
      ['Orion Marine Services LLC', 'company', [2011], 'US', 'Cleared July 2026', []],
    ] as [string, 'person' | 'company' | 'location', number[], string, string, string[]][],
  },
};

export const SEED_ENGINES = [
  {
    title: 'Standard onboarding',
    model_name: 'ONB-2026.1',
    low_threshold: 20,
    medium_threshold: 40,
    high_threshold: 70,
    rules: [
      { country: 'any', category: 'sanctions', record: 'sanctions_designation', weightage: 60 },
      { country: 'any', category: 'any', record: 'terrorism', weightage: 30 },
      { country: 'any', category: 'pep', record: 'political_exposure', weightage: 35 },
      { country: 'any', category: 'warnings_and_regulatory_enforcement', record: 'export_restriction', weightage: 30 },
      { country: 'any', category: 'any', record: 'convicted_by_court', weightage: 25 },
      { country: 'IR', category: 'any', record: 'any', weightage: 20 },
      { country: 'KP', category: 'any', record: 'any', weightage: 20 },
    ],
    decisions: { blacklisted: 'failed', whitelisted: 'passed', high_risk: 'for review', medium_risk: 'for review', low_risk: 'passed' },
  },
  {
    title: 'Sanctions strict',
    model_name: 'SAN-1',
    low_threshold: null,
    medium_threshold: 30,
    high_threshold: 50,
    rules: [
      { country: 'any', category: 'sanctions', record: 'any', weightage: 60 },
      { country: 'any', category: 'any', record: 'terrorism', weightage: 40 },
    ],
    decisions: { blacklisted: 'failed', whitelisted: 'passed', high_risk: 'failed', medium_risk: 'for review', low_risk: 'passed' },
  },
];

/**
 * An API key as an integration leaves it: generated three weeks ago for 90 days, last used yesterday, so
 * the API Keys screen shows a live key and the audit history its uses. The key itself is thrown away, as
 * it would be once shown: nobody can call with it, and a newcomer generates their own to try the API.
 */
async function seedApiKey(tx: Queryable, organisationId: string, adminId: string) {
  const key = newApiKey();
  const row = await tx.one<{ id: string }>(
    `INSERT INTO api_keys (organisation_id, user_id, name, prefix, key_hash, created_at, expires_at, last_used_at)
     VALUES ($1, $2, 'Onboarding service', $3, $4, now() - interval '21 days', now() + interval '69 days', now() - interval '1 day') RETURNING id`,
    [organisationId, adminId, key.prefix, key.hash],
  );
  await tx.query(
    `INSERT INTO audit_events (organisation_id, actor_user_id, action, target_type, target_id, details, created_at)
     VALUES ($1, $2, 'api_key.created', 'api_key', $3, $4, now() - interval '21 days'),
            ($1, $2, 'api_key.used', 'api_key', $3, $5, now() - interval '1 day')`,
    [organisationId, adminId, row!.id, JSON.stringify({ name: 'Onboarding service', prefix: key.prefix }), JSON.stringify({ method: 'POST', path: '/api/search', status: 200, key_prefix: key.prefix })],
  );
}

async function seedAdvancedFeatures(tx: Queryable, organisationId: string, adminId: string) {
  // One change of the organisation's custom lists: revision 1 for every seeded record.
  await tx.query('UPDATE organisations SET custom_lists_revision = 1 WHERE id = $1', [organisationId]);
  const listIds: string[] = [];
  for (const [type, list] of Object.entries(SEED_LISTS)) {
    const row = await tx.one<{ id: string }>(
      `INSERT INTO custom_lists (organisation_id, name, description, list_type, total_records, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [organisationId, list.name, list.description, type, list.records.length, adminId],
    );
    listIds.push(row!.id);
    for (const [i, [name, entityType, [year, month, day], country, category, aliases]] of list.records.entries()) {
      const record = await tx.one<{ id: string }>(
        `INSERT INTO custom_list_records (organisation_id, list_id, full_name, aliases, entity_type, birth_year, birth_month, birth_day, country, category, source_row, revision, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, $12, $12) RETURNING id`,
        [organisationId, row!.id, name, aliases, entityType, year ?? null, month ?? null, day ?? null, country, category, i + 2, adminId],
      );
      if (i === 0 && type === 'blacklist') {
        await tx.query(`INSERT INTO custom_list_comments (organisation_id, record_id, user_id, text) VALUES ($1, $2, $3, $4)`, [
          organisationId,
          record!.id,
          adminId,
          "Confirmed by the card scheme's fraud report of March 2026; keep on the list for five years.",
        ]);
      }
    }
  }
  for (const e of SEED_ENGINES) {
    await tx.query(
      `INSERT INTO risk_score_engines (organisation_id, title, model_name, low_threshold, medium_threshold, high_threshold, rules, decisions, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [organisationId, e.title, e.model_name, e.low_threshold, e.medium_threshold, e.high_threshold, JSON.stringify(e.rules), JSON.stringify(e.decisions), adminId],
    );
  }
  await tx.query(
    `INSERT INTO search_profiles (organisation_id, title, databases, sources, countries, created_by, updated_by)
     VALUES ($1, 'UN and US PEP', '{sanctions,pep}', '{un_sc_consolidated,pep_us_congress}', '{}', $2, $2),
            ($1, 'Full with watchlist', '{sanctions,pep,warnings_and_regulatory_enforcement}', $3, '{}', $2, $2)`,
    [organisationId, adminId, ['us_ofac_sdn', 'us_ofac_consolidated', 'un_sc_consolidated', 'us_csl', 'us_bis_dpl', 'pep_us_congress', ...listIds]],
  );
  await tx.query(
    `INSERT INTO monitoring_settings (organisation_id, duration, alert_frequency, channels, updated_by, updated_at) VALUES ($1, '365', 'weekly', '{in_app,email}', $2, now())`,
    [organisationId, adminId],
  );
}

/** Cases made at the first start once the lists are loaded: one decided by a risk engine, one hitting the blacklist (monitored). */
export const SEED_ADVANCED_CASES = [
  { search_term: 'Ayman al-Zawahri', entity_type: 'person' as const, engine: 'Standard onboarding', aml_monitoring: false },
  { search_term: 'Dariusz Wolanczyk Barret', entity_type: 'person' as const, engine: null, aml_monitoring: true },
];
