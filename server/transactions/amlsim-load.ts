/**
 * Filling an organisation with an AMLSim simulation (docs/transaction-monitoring.md, "Loading AMLSim"): the
 * folder is read and mapped by the engine's server/tm-engine/amlsim.ts (accounts, generated names and
 * countries, amounts, times, reference ids; the mapping's choices are in docs/transaction-rules.md) and fed to
 * ingestTransactions a batch at a time, in file order, so every transfer is decided by the organisation's
 * rules as if it had arrived live, and alerts are raised as they would have been. isFraud is kept in each
 * transaction's label (1 when both accounts are laundering accounts), never shown as the truth.
 *
 * Idempotent and resumable: references already stored are skipped before anything is screened or decided, so
 * a second run adds nothing and a run stopped half way carries on where it stopped. An operator's load, not an
 * integrator's traffic: no credit is spent and administrators are not notified of the alerts it raises.
 */
import { normaliseCustomer } from '../../common/schemas/transactions';
import { forOrganisation } from '../db/tenant';
import { readAmlsimAccounts, readAmlsimTransfers, type AmlsimAccount, type AmlsimTransfer } from '../tm-engine/amlsim';
import { upsertCustomers } from './customers';
import { ingestTransactions, type IngestDeps } from './ingest';

export interface AmlsimLoadOptions {
  /** Only the first N transfers of the file. */
  limit?: number;
  /** Transfers per ingest batch (default 1000). */
  batchSize?: number;
  /** Told after each batch. */
  progress?: (p: AmlsimLoadProgress) => void | Promise<void>;
  signal?: AbortSignal;
  /** The transactions' source as stored (default 'amlsim'; the first-start sample says 'sample'). */
  source?: 'amlsim' | 'sample';
  /**
   * Screen the generated names (default false): they are made up, so every hit is a false positive of the
   * generator's, and each would open an AML case in Manage Case (about one name in thirteen hits at the
   * default threshold on the full lists).
   */
  screen?: boolean;
}

export interface AmlsimLoadProgress {
  /** Transfers read so far. */
  read: number;
  /** Of these, stored by this run. */
  stored: number;
  /** Of these, already stored before (skipped). */
  skipped: number;
  /** The transfers the run will read (the limit, or the file's count when known). */
  total: number | null;
  elapsedMs: number;
}

export interface AmlsimLoadResult extends AmlsimLoadProgress {
  accounts: number;
  statuses: Record<string, number>;
  alerts: number;
}

export async function loadAmlsim(deps: IngestDeps, organisationId: string, dir: string, options: AmlsimLoadOptions = {}): Promise<AmlsimLoadResult> {
  const started = Date.now();
  const org = forOrganisation(deps.db, organisationId);
  const accounts = await readAmlsimAccounts(dir);
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  const limit = options.limit !== undefined && options.limit >= 0 ? options.limit : Infinity;
  const progress: AmlsimLoadProgress = { read: 0, stored: 0, skipped: 0, total: Number.isFinite(limit) ? limit : null, elapsedMs: 0 };
  const statuses: Record<string, number> = {};
  const alerts = new Set<string>();
  const customersDone = new Set<string>();

  const flush = async (batch: AmlsimTransfer[]) => {
    if (options.signal?.aborted) throw new Error('the AMLSim load was stopped; it carries on where it stopped when run again');
    const stored = new Set(
      (
        await org.query<{ reference_id: string }>('SELECT reference_id FROM tm_transactions WHERE organisation_id = $org AND reference_id = ANY($1::text[])', [
          batch.map((t) => t.input.reference_id),
        ])
      ).map((r) => r.reference_id),
    );
    const fresh = batch.filter((t) => !stored.has(t.input.reference_id));
    progress.read += batch.length;
    progress.skipped += batch.length - fresh.length;
    if (fresh.length) {
      // The senders' customers with their generated details (date of birth is not part of a transaction) first.
      const customers = fresh
        .map((t) => accounts.get(t.source))
        .filter((a): a is AmlsimAccount => Boolean(a) && !customersDone.has(a!.customer_id));
      const unique = [...new Map(customers.map((a) => [a.customer_id, a])).values()];
      if (unique.length) {
        await org.transaction((tx) =>
          upsertCustomers(
            tx,
            unique.map((a) =>
              normaliseCustomer({ customer_id: a.customer_id, first_name: a.first_name, last_name: a.last_name, email: a.email, country: a.country, date_of_birth: a.date_of_birth, customer_type: a.customer_type }),
            ),
          ),
        );
        for (const a of unique) customersDone.add(a.customer_id);
      }
      const outcome = await ingestTransactions(
        deps,
        organisationId,
        fresh.map((t) => t.input),
        { source: options.source ?? 'amlsim', actor: null, labels: fresh.map((t) => t.label), spendCredits: false, waitForLists: true, notify: false, publish: false, screen: options.screen === true },
      );
      progress.stored += outcome.accepted;
      progress.skipped += outcome.duplicates;
      for (const r of outcome.results) {
        if (r.duplicate) continue;
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        for (const a of r.alerts) alerts.add(a);
      }
    }
    progress.elapsedMs = Date.now() - started;
    await options.progress?.({ ...progress });
    // A load holds the event loop for a batch at a time; let requests of the same process through between batches.
    await new Promise((resolve) => setImmediate(resolve));
  };

  let batch: AmlsimTransfer[] = [];
  let seen = 0;
  for await (const transfer of readAmlsimTransfers(dir, accounts)) {
    if (seen >= limit) break;
    seen++;
    batch.push(transfer);
    if (batch.length >= batchSize) {
      await flush(batch);
      batch = [];
    }
  }
  if (batch.length) await flush(batch);
  progress.elapsedMs = Date.now() - started;
  return { ...progress, accounts: accounts.size, statuses, alerts: alerts.size };
}
