/**
 * Loads an AMLSim simulation into an organisation (docs/transaction-monitoring.md, "Loading AMLSim"):
 *
 *   npm run tm:load -- DIR [--org slug] [--limit N] [--batch N] [--screen]
 *
 * DIR is a folder of AMLSim's layout (nodes.csv, transactions.csv, metadata.txt), for example
 * ../shared/data/transactions/amlsim/20K_fanin200. The organisation (default northwind, the seeded one) needs
 * the transaction_monitoring flag. Every transfer is decided by the organisation's enabled rules as if it had
 * arrived live; a second run adds nothing, and a stopped run carries on where it stopped. The generated names
 * are not screened unless --screen is given (every hit on a made-up name is a false positive that opens an AML case).
 * Reads the database the server uses: DATABASE_URL, or the embedded PGlite database under DATA_DIR. PGlite is
 * one process's database: stop the server before loading into it (on Postgres the server may keep running).
 */
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig } from '../server/config';
import { prepareDatabase } from '../server/start';
import { createScreeningEngine } from '../server/screening';
import { CustomListRegistry } from '../server/screening/custom-lists';
import { loadAmlsim } from '../server/transactions/amlsim-load';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const VALUED = new Set(['--org', '--limit', '--batch']);
const dir = args.find((a, i) => !a.startsWith('--') && !VALUED.has(args[i - 1] ?? ''));
const usage = 'usage: npm run tm:load -- DIR [--org slug] [--limit N] [--batch N] [--screen]';

async function main(): Promise<number> {
  if (!dir) {
    console.error(usage);
    return 2;
  }
  const folder = resolve(dir);
  if (!existsSync(`${folder}/transactions.csv`) || !existsSync(`${folder}/nodes.csv`)) {
    console.error(`${folder} is not an AMLSim folder (nodes.csv and transactions.csv).\n${usage}`);
    return 2;
  }
  const slug = option('org') ?? 'northwind';
  const limit = option('limit') !== undefined ? Number(option('limit')) : undefined;
  const batchSize = option('batch') !== undefined ? Number(option('batch')) : undefined;
  if ((limit !== undefined && !(limit >= 0)) || (batchSize !== undefined && !(batchSize > 0))) {
    console.error(usage);
    return 2;
  }

  const config = loadConfig();
  const { db } = await prepareDatabase(config);
  const screen = args.includes('--screen');
  // Without --screen nothing is screened, so no list is loaded (it takes seconds and gigabytes).
  const screening = createScreeningEngine({ listsDir: config.listsDir, db, ...(screen ? {} : { lists: [] }) });
  try {
    const org = await db.one<{ id: string; name: string; transaction_monitoring: boolean }>('SELECT id, name, transaction_monitoring FROM organisations WHERE slug = $1', [slug]);
    if (!org) {
      console.error(`No organisation with the slug "${slug}".`);
      return 1;
    }
    if (!org.transaction_monitoring) console.warn(`${org.name} does not have transaction monitoring switched on: its users will not see what is loaded until it is.`);
    if (screen) {
      console.log(`Loading the screening lists from ${config.listsDir}...`);
      await screening.ready();
    }
    const deps = { db, screening, customLists: new CustomListRegistry(db, screening) };
    console.log(`Loading ${folder} into ${org.name}${limit !== undefined ? ` (first ${limit} transfers)` : ''}...`);
    const result = await loadAmlsim(deps, org.id, folder, {
      limit,
      batchSize,
      screen,
      progress: (p) => {
        const rate = p.elapsedMs > 0 ? Math.round((p.stored / p.elapsedMs) * 1000) : 0;
        console.log(`  ${p.read}${p.total !== null ? ` of ${p.total}` : ''} read, ${p.stored} stored, ${p.skipped} already there (${rate}/s)`);
      },
    });
    const statuses = Object.entries(result.statuses)
      .map(([s, n]) => `${s} ${n}`)
      .join(', ');
    console.log(
      `Done in ${(result.elapsedMs / 1000).toFixed(1)} s: ${result.stored} transactions stored, ${result.skipped} already there, ${result.accounts} accounts, ${result.alerts} alerts raised or counted${statuses ? `; ${statuses}` : ''}.`,
    );
    return 0;
  } finally {
    await screening.close();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
