/**
 * The first start's transaction monitoring sample (docs/transaction-monitoring.md, "First-start sample"), so a
 * newcomer sees the screens at work: the seeded organisation (Northwind) gets the default rule set, a handful
 * of hand-made transactions (one whose remitter is a listed name, so an AML hold and its AML case exist; a
 * customer sending more than 3 payments above 5,000 within a day, the spec's example rule), and the first
 * TM_SAMPLE_LIMIT transfers (default 10,000) of the AMLSim folder 20K_fanin200 under TM_DIR (default
 * ../shared/data/transactions), decided by the default rules. TM_LOAD=off leaves all of it out.
 *
 * It runs as a job on the queue in the background, as the media corpus does, so the server listens at once; it
 * waits for the screening lists, is idempotent (references already stored are skipped) and so resumable: a
 * crash half way leaves the job to be run again. Nothing is spent: it is nobody's traffic. The hand-made
 * transactions come first, so the one AML case is made within seconds of the lists being ready.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TransactionInput } from '../../common/transactions';
import type { Db } from '../db/client';
import { forOrganisation } from '../db/tenant';
import type { Deps } from '../deps';
import type { RunningJob } from '../jobs/queue';
import { loadAmlsim } from './amlsim-load';
import { seedDefaultRules } from './default-rules';
import { ingestTransactions } from './ingest';

export const SAMPLE_JOB = { kind: 'transactions.sample', key: 'transactions-sample' } as const;

/** The seeded organisation that gets the sample. */
const SAMPLE_ORGANISATION = 'northwind';
/** A name on the UN Security Council consolidated list (in every list set, the tests' small one included). */
export const SAMPLE_LISTED_NAME = 'Ayman al-Zawahri';
export const DEFAULT_SAMPLE_LIMIT = 10_000;

export interface SampleSettings {
  enabled: boolean;
  /** The AMLSim folder of the sample, or null when TM_DIR does not hold it (the hand-made transactions are still made). */
  folder: string | null;
  limit: number;
}

/** TM_LOAD, TM_DIR and TM_SAMPLE_LIMIT, read where the sample is made. */
export function sampleSettings(env: NodeJS.ProcessEnv = process.env): SampleSettings {
  const dir = resolve(env.TM_DIR || '../shared/data/transactions');
  const folder = join(dir, 'amlsim', '20K_fanin200');
  const limit = env.TM_SAMPLE_LIMIT !== undefined && Number.isInteger(Number(env.TM_SAMPLE_LIMIT)) ? Math.max(0, Number(env.TM_SAMPLE_LIMIT)) : DEFAULT_SAMPLE_LIMIT;
  return { enabled: env.TM_LOAD !== 'off', folder: existsSync(join(folder, 'transactions.csv')) ? folder : null, limit };
}

const HOUR = 3_600_000;

/** The hand-made transactions, timed relative to now so the listing's "today" and "last 7 days" show them. */
export function handMadeTransactions(now = Date.now()): TransactionInput[] {
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  // A name the lists do not hold, so her payments show the rules' decision rather than a screening hold.
  const marta = {
    customer_id: 'NW-C-1001',
    customer_first_name: 'Marta',
    customer_last_name: 'Lindqvist',
    email: 'marta.lindqvist@example.com',
    remitter_name: 'Marta Lindqvist',
    remitter_account: 'ES9121000418450200051332',
    remitter_country: 'ES',
    currency: 'EUR',
    direction: 'outbound' as const,
    payment_method: 'bank_transfer',
    type: 'transfer',
    ip_address: '203.0.113.7',
    ip_country: 'ES',
    device_id: 'dev-5f2a',
  };
  return [
    { ...marta, reference_id: 'NW-SAMPLE-0001', created_at: at(30), amount: '1250.00', beneficiary_name: 'Acme Trading GmbH', beneficiary_account: 'DE89370400440532013000', beneficiary_country: 'DE', declared_relationship: 'supplier' },
    // More than 3 payments above 5,000 within 24 hours (the spec's example rule).
    { ...marta, reference_id: 'NW-SAMPLE-0002', created_at: at(9), amount: '7200.00', beneficiary_name: 'Baltic Timber OU', beneficiary_account: 'EE382200221020145685', beneficiary_country: 'EE' },
    { ...marta, reference_id: 'NW-SAMPLE-0003', created_at: at(7), amount: '6800.00', beneficiary_name: 'Baltic Timber OU', beneficiary_account: 'EE382200221020145685', beneficiary_country: 'EE' },
    { ...marta, reference_id: 'NW-SAMPLE-0004', created_at: at(5), amount: '9100.00', beneficiary_name: 'Nordic Pulp AB', beneficiary_account: 'SE4550000000058398257466', beneficiary_country: 'SE' },
    { ...marta, reference_id: 'NW-SAMPLE-0005', created_at: at(3), amount: '5400.00', beneficiary_name: 'Nordic Pulp AB', beneficiary_account: 'SE4550000000058398257466', beneficiary_country: 'SE' },
    // A card payment whose IP country differs from the card's BIN country.
    {
      reference_id: 'NW-SAMPLE-0006',
      created_at: at(2),
      customer_id: 'NW-C-1002',
      customer_first_name: 'Tom',
      customer_last_name: 'Becker',
      email: 'tom.becker@example.com',
      amount: '249.90',
      currency: 'EUR',
      direction: 'outbound',
      payment_method: 'card',
      type: 'purchase',
      ip_address: '198.51.100.23',
      ip_country: 'NG',
      remitter_name: 'Tom Becker',
      remitter_account: 'NW-CARD-1002',
      remitter_bin: '411111',
      remitter_bin_country: 'DE',
      remitter_country: 'DE',
      remitter_card: '411111******1111',
      beneficiary_name: 'Gadget Outlet Ltd',
      beneficiary_account: 'GB29NWBK60161331926819',
      beneficiary_country: 'GB',
      eci_3ds: '07',
      order_id: 'ORD-88121',
      order_status: 'paid',
      order_total: '249.90',
    },
    // An incoming payment from a listed name: AML hold, and an AML case for the remitter.
    {
      reference_id: 'NW-SAMPLE-0007',
      created_at: at(1),
      customer_id: 'NW-C-1003',
      customer_first_name: 'Helen',
      customer_last_name: 'Carter',
      amount: '15000.00',
      currency: 'USD',
      direction: 'inbound',
      payment_method: 'wire',
      type: 'transfer',
      remitter_name: SAMPLE_LISTED_NAME,
      remitter_account: 'PK36SCBL0000001123456702',
      remitter_country: 'PK',
      beneficiary_name: 'Helen Carter',
      beneficiary_account: 'US64SVBKUS6S3300958879',
      beneficiary_country: 'US',
    },
  ];
}

/** The seeded organisation's id, or null when it is gone or has no transaction monitoring. */
async function sampleOrganisation(db: Db): Promise<string | null> {
  const row = await db.one<{ id: string }>('SELECT id FROM organisations WHERE slug = $1 AND transaction_monitoring', [SAMPLE_ORGANISATION]);
  return row?.id ?? null;
}

/** Makes the sample (see the module comment); answers what it stored. */
export async function seedTransactionSample(
  deps: Pick<Deps, 'db' | 'screening' | 'customLists' | 'log'>,
  settings: SampleSettings,
  job?: Pick<RunningJob<unknown>, 'progress' | 'signal'>,
): Promise<{ handMade: number; amlsim: number }> {
  const organisationId = await sampleOrganisation(deps.db);
  if (!organisationId) return { handMade: 0, amlsim: 0 };
  await forOrganisation(deps.db, organisationId).transaction((tx) => seedDefaultRules(tx));
  const made = await ingestTransactions(deps, organisationId, handMadeTransactions(), { source: 'sample', actor: null, spendCredits: false, waitForLists: true, notify: false, publish: false });
  let amlsim = 0;
  if (settings.folder && settings.limit > 0) {
    const loaded = await loadAmlsim(deps, organisationId, settings.folder, {
      limit: settings.limit,
      source: 'sample',
      signal: job?.signal,
      progress: (p) => job?.progress(p.read, p.total, `20K_fanin200: ${p.read} read, ${p.stored} stored`),
    });
    amlsim = loaded.stored;
  }
  return { handMade: made.accepted, amlsim };
}

/** Declares the sample job (createDeps). */
export function defineTransactionJobs(deps: Deps) {
  deps.jobs.define(SAMPLE_JOB.kind, { policy: 'stately', retryLimit: 5, retryDelaySeconds: 30, maxRunSeconds: 60 * 60, leaseSeconds: 60 }, async (job) => {
    const started = Date.now();
    const result = await seedTransactionSample(deps, sampleSettings(), job);
    deps.log.info(`transactions: first-start sample of ${result.handMade} hand-made and ${result.amlsim} AMLSim transactions in ${Date.now() - started} ms`);
    return result;
  });
}

/** At the first start: enqueues the sample unless TM_LOAD=off. */
export async function enqueueTransactionSample(deps: Deps): Promise<'disabled' | 'enqueued'> {
  const settings = sampleSettings();
  if (!settings.enabled) return 'disabled';
  if (!settings.folder) deps.log.warn('transactions: no AMLSim folder under TM_DIR; the sample holds the hand-made transactions only');
  await deps.jobs.enqueue(deps.db, SAMPLE_JOB.kind, {}, { singletonKey: SAMPLE_JOB.key });
  return 'enqueued';
}
