/**
 * Billing for the operator: `npm run billing -- <command>` (docs/billing.md, "Operator command")
 *   list-open [--json]        every open invoice of every organisation, oldest first: number, organisation,
 *                             what it is for, total, issue and due dates (overdue ones marked)
 *   mark-paid <number>        records that the invoice's bank transfer arrived: the invoice becomes paid and its
 *                             credits are added to the organisation, once (a second mark-paid is refused)
 * Opens the database the app uses: DATABASE_URL, or the embedded PGlite database under DATA_DIR. PGlite's
 * directory is one process's database: with the app running on it, stop the app first (or run the app on
 * Postgres with DATABASE_URL, where this command and the app share the database).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { listOpenInvoices, markPaid } from '../server/billing/mark-paid';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { createRealtime } from '../server/realtime/bus';

const [command, ...rest] = process.argv.slice(2);
const asJson = rest.includes('--json');
const force = rest.includes('--force');
const number = rest.find((a) => !a.startsWith('--'));

const usage = 'usage: npm run billing -- list-open [--json] | mark-paid <invoice number>';

const money = (cents: number, currency: string) => `${currency} ${(cents / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function main() {
  if (!['list-open', 'mark-paid'].includes(command) || (command === 'mark-paid' && !number)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const pgliteDir = join(config.dataDir, 'pglite');
  // PGlite marks its directory while a process has it open and lets a second process open it anyway, which
  // would corrupt it: refuse rather than risk the app's data. --force is for a marker left by an app that was killed.
  if (!config.databaseUrl && existsSync(join(pgliteDir, 'postmaster.pid')) && !force) {
    console.error(
      `The embedded database in ${pgliteDir} is open in another process (the app?). PGlite's data directory can be opened by one process at a time: ` +
        'stop the app and run this command again, or run the app on Postgres (DATABASE_URL) and give this command the same DATABASE_URL. ' +
        'If no app is running (it was killed), add --force.',
    );
    return 3;
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir });
  try {
    // A database the app never started is brought up to date (the invoices live in its schema).
    await migrate(db);
    if (command === 'list-open') {
      const open = await listOpenInvoices(db);
      if (asJson) console.log(JSON.stringify(open));
      else if (!open.length) console.log('No open invoices.');
      else
        for (const i of open) {
          console.log(`${i.number}  ${money(i.total_cents, i.currency)}  ${i.organisation}  ${i.description}  issued ${i.issued_at.slice(0, 10)}  due ${i.due_at.slice(0, 10)}${i.overdue ? '  OVERDUE' : ''}`);
        }
      return 0;
    }
    // On Postgres the app hears of the payment through the database and its open browsers refresh their credits.
    const result = await markPaid(db, { number: number! }, 'operator', { realtime: createRealtime(db) });
    switch (result.outcome) {
      case 'paid':
        console.log(`Invoice ${result.invoice.number} is marked paid (${money(result.invoice.total_cents, result.invoice.currency)}).`);
        for (const g of result.granted) console.log(`  + ${g.credits} ${g.kind} credits (balance now ${g.balance ?? 'not limited'})`);
        return 0;
      case 'already_paid':
        console.error(`Invoice ${result.invoice.number} was already marked paid on ${result.invoice.paid_at?.slice(0, 10)}; nothing was changed and no credits were added again.`);
        return 1;
      case 'void':
        console.error(`Invoice ${result.invoice.number} is void (a later plan replaced it) and cannot be paid; nothing was changed.`);
        return 1;
      default:
        console.error(`No invoice numbered ${number}. "npm run billing -- list-open" lists the open ones.`);
        return 1;
    }
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
