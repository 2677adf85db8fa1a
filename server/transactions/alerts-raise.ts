/**
 * Raising alerts from fired rules, inside the ingest's transaction (server/transactions/ingest.ts calls it after
 * storing the batch's transactions). One alert per rule and party while it is open (the partial unique index
 * tm_alerts_open): a repeat firing adds its transactions to the open alert and raises its triggered count instead
 * of opening another; after the alert is closed, the next firing opens a new one. A whole batch is raised in a
 * handful of set-based statements (raiseAlertsBatch), so a batch of 1,000 transactions with hundreds of firings
 * costs about what one firing did; raiseAlerts is the same for one transaction.
 *
 * Who hears about it (docs/transaction-monitoring.md, "Rules and alerts"): a new alert has nobody assigned yet, so
 * the organisation's administrators get an in-app notification of a new high-level alert (in-app only: a busy
 * organisation raises many, and mail is for work given to one person: an assignment mails its assignee). A repeat
 * firing notifies nobody; the triggered count and the timeline show it.
 */
import { alertLevelOf, type AlertLevel } from '../../common/tm-alerts';
import type { RuleHit } from '../../common/tm-rules';
import type { OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { notifyUser } from '../notifications/notify';

export const ALERT_ID_PREFIX = 'AL-';
/** The accounts an alert keeps as its pattern's members: enough for the picture, bounded for a hub that sees thousands. */
const MEMBERS_MAX = 200;

export const alertLink = (alertId: string) => `/alerts-details/${encodeURIComponent(alertId)}`;

/** The transaction that fired the rules, as far as an alert needs it. */
export interface RaisingTransaction {
  id: string;
  reference_id?: string | null;
  /** The transaction's own time (Date, ISO text or ms). */
  occurred_at: Date | string | number;
  payment_method?: string | null;
  customer_id?: string | null;
}

export interface RaiseOptions {
  /** Notifications of new alerts go through these; without them none is sent (a bulk load, a script). */
  deps?: Pick<Deps, 'db' | 'realtime' | 'mailer' | 'log' | 'config'>;
  /** False keeps a large load (the AMLSim loader) from notifying administrators of every alert it raises. */
  notify?: boolean;
}

export interface RaisedAlert {
  alert_id: string;
  created: boolean;
}

/** Reserves `count` consecutive alert ids of the organisation ('AL-000123'), in one statement. */
async function reserveAlertIds(tx: OrgDb, count: number): Promise<string[]> {
  const row = await tx.one<{ last_value: number }>(
    `INSERT INTO tm_alert_counters (organisation_id, last_value) VALUES ($org, $1)
     ON CONFLICT (organisation_id) DO UPDATE SET last_value = tm_alert_counters.last_value + $1 RETURNING last_value`,
    [count],
  );
  const last = Number(row!.last_value);
  return Array.from({ length: count }, (_, i) => `${ALERT_ID_PREFIX}${String(last - count + 1 + i).padStart(6, '0')}`);
}

const RANK: Record<AlertLevel, number> = { low: 1, medium: 2, high: 3 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LEVEL_RANK = `CASE a.level WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END`;

/** One transaction and the rules it fired, as a batch hands them over. */
export interface RaiseItem {
  hits: readonly RuleHit[];
  txn: RaisingTransaction;
}

/** Every firing of one rule for one party within a batch, folded as one firing after another would leave the alert. */
interface Group {
  rule_id: string;
  party_key: string;
  /** [item index, hit index] of each firing, in order. */
  at: [number, number][];
  first: { hit: RuleHit; txn: RaisingTransaction; time: string };
  count: number;
  explanation: RuleHit['explanation'];
  rank: number;
  level: AlertLevel;
  counterparty: string | null;
  members: string[];
  firstTime: string;
  lastTime: string;
  transactions: Set<string>;
}

/**
 * Raises or counts an alert for each hit of each transaction of a batch, in a few statements whatever the batch's
 * size: the open alerts of every (rule, party) the batch fired are read and updated at once, the new ones inserted
 * at once with their ids reserved in one counter update, and the transactions and 'raised' events linked at once.
 * The outcome is the one raising the hits one transaction after another would give: the first firing of a (rule,
 * party) without an open alert opens it (created), every later one counts on it, the explanation is the last
 * firing's, the level only rises, the members are merged. Answers, per item and per hit, the alert it landed on.
 * Runs in the caller's transaction; notifications are recorded in it and delivered after it.
 */
export async function raiseAlertsBatch(tx: OrgDb, items: readonly RaiseItem[], options: RaiseOptions = {}): Promise<RaisedAlert[][]> {
  const groups = new Map<string, Group>();
  items.forEach(({ hits, txn }, i) => {
    const time = new Date(txn.occurred_at).toISOString();
    hits.forEach((hit, j) => {
      const key = `${hit.rule_id}\u0000${hit.party_key}`;
      let g = groups.get(key);
      if (!g) {
        g = {
          rule_id: hit.rule_id,
          party_key: hit.party_key,
          at: [],
          first: { hit, txn, time },
          count: 0,
          explanation: hit.explanation,
          rank: 0,
          level: 'low',
          counterparty: null,
          members: [],
          firstTime: time,
          lastTime: time,
          transactions: new Set(),
        };
        groups.set(key, g);
      }
      g.at.push([i, j]);
      g.count += 1;
      g.explanation = hit.explanation;
      const level = alertLevelOf(hit.score);
      if (RANK[level] > g.rank) {
        g.rank = RANK[level];
        g.level = level;
      }
      if (hit.counterparty !== null && hit.counterparty !== undefined) g.counterparty = hit.counterparty;
      for (const m of hit.members) if (g.members.length < MEMBERS_MAX && !g.members.includes(m)) g.members.push(m);
      if (time < g.firstTime) g.firstTime = time;
      if (time > g.lastTime) g.lastTime = time;
      g.transactions.add(txn.id);
      for (const id of hit.transaction_ids) g.transactions.add(id);
    });
  });
  const out: RaisedAlert[][] = items.map(({ hits }) => hits.map(() => ({ alert_id: '', created: false })));
  if (!groups.size) return out;

  const all = [...groups.values()];
  const landed = new Map<Group, { id: string; alert_id: string; created: boolean }>();
  const openOf = async (wanted: Group[]) => {
    const rows = await tx.query<{ id: string; alert_id: string; rule_id: string; party_key: string }>(
      `SELECT a.id, a.alert_id, a.rule_id, a.party_key FROM tm_alerts a
        WHERE a.organisation_id = $org AND a.closed_at IS NULL
          AND (a.rule_id, a.party_key) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))
        ORDER BY a.id FOR UPDATE`,
      [wanted.map((g) => g.rule_id), wanted.map((g) => g.party_key)],
    );
    const byKey = new Map(rows.map((r) => [`${r.rule_id}\u0000${r.party_key}`, r]));
    return wanted.filter((g) => byKey.has(`${g.rule_id}\u0000${g.party_key}`)).map((g) => [g, byKey.get(`${g.rule_id}\u0000${g.party_key}`)!] as const);
  };

  // Firings on alerts already open: counted on them in one statement.
  const countOn = async (pairs: (readonly [Group, { id: string; alert_id: string }])[]) => {
    if (!pairs.length) return;
    await tx.query(
      `UPDATE tm_alerts a SET triggered_count = a.triggered_count + x.count, updated_at = now(), explanation = x.explanation,
              level = CASE WHEN x.rank > ${LEVEL_RANK} THEN x.level ELSE a.level END,
              counterparty = coalesce(x.counterparty, a.counterparty),
              members = (SELECT coalesce(jsonb_agg(m), '[]'::jsonb) FROM (
                           SELECT m FROM jsonb_array_elements_text(a.members) AS m
                           UNION SELECT m FROM jsonb_array_elements_text(x.members) AS m LIMIT ${MEMBERS_MAX}) s),
              first_transaction_at = least(a.first_transaction_at, x.first_at),
              last_transaction_at = greatest(a.last_transaction_at, x.last_at)
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, count int, explanation jsonb, rank int, level text, counterparty text, members jsonb, first_at timestamptz, last_at timestamptz)
        WHERE a.organisation_id = $org AND a.id = x.id`,
      [
        JSON.stringify(
          pairs.map(([g, a]) => ({ id: a.id, count: g.count, explanation: g.explanation, rank: g.rank, level: g.level, counterparty: g.counterparty, members: g.members, first_at: g.firstTime, last_at: g.lastTime })),
        ),
      ],
    );
    for (const [g, a] of pairs) landed.set(g, { id: a.id, alert_id: a.alert_id, created: false });
  };

  const open = await openOf(all);
  await countOn(open);

  // The others open new alerts, with every firing of the batch already counted.
  const fresh = all.filter((g) => !landed.has(g));
  if (fresh.length) {
    const ids = await reserveAlertIds(tx, fresh.length);
    const inserted = await tx.query<{ id: string; alert_id: string; rule_id: string; party_key: string }>(
      `INSERT INTO tm_alerts (organisation_id, alert_id, rule_id, rule_version, party_key, party_name, customer_id, level, channel, counterparty,
         triggered_count, explanation, members, first_transaction_at, last_transaction_at)
       SELECT $org, x.alert_id, x.rule_id, x.rule_version, x.party_key, x.party_name, x.customer_id, x.level, x.channel, x.counterparty,
              x.count, x.explanation, x.members, x.first_at, x.last_at
         FROM jsonb_to_recordset($1::jsonb) AS x(alert_id text, rule_id uuid, rule_version int, party_key text, party_name text, customer_id text, level text,
              channel text, counterparty text, count int, explanation jsonb, members jsonb, first_at timestamptz, last_at timestamptz)
       ON CONFLICT (organisation_id, rule_id, party_key) WHERE closed_at IS NULL DO NOTHING
       RETURNING id, alert_id, rule_id, party_key`,
      [
        JSON.stringify(
          fresh.map((g, i) => ({
            alert_id: ids[i],
            rule_id: g.rule_id,
            rule_version: g.first.hit.rule_version,
            party_key: g.party_key,
            party_name: g.first.hit.party_name,
            customer_id: g.first.txn.customer_id ?? null,
            level: g.level,
            channel: g.first.txn.payment_method ?? null,
            counterparty: g.counterparty,
            count: g.count,
            explanation: g.explanation,
            members: g.members,
            first_at: g.firstTime,
            last_at: g.lastTime,
          })),
        ),
      ],
    );
    const made = new Map(inserted.map((r) => [`${r.rule_id}\u0000${r.party_key}`, r]));
    const raisedEvents: { alert: string; note: string | null }[] = [];
    for (const g of fresh) {
      const row = made.get(`${g.rule_id}\u0000${g.party_key}`);
      if (!row) continue;
      landed.set(g, { id: row.id, alert_id: row.alert_id, created: true });
      raisedEvents.push({ alert: row.id, note: g.first.txn.reference_id ?? null });
    }
    if (raisedEvents.length) {
      await tx.query(
        `INSERT INTO tm_alert_events (organisation_id, alert_id, action, to_status, note)
         SELECT $org, x.alert, 'raised', 'open', x.note FROM jsonb_to_recordset($1::jsonb) AS x(alert uuid, note text)`,
        [JSON.stringify(raisedEvents)],
      );
    }
    // Another writer opened one of them between the read and the insert (its reserved id stays unused, as a
    // rolled-back case's reference would): count on that one instead.
    const raced = fresh.filter((g) => !landed.has(g));
    if (raced.length) {
      const found = await openOf(raced);
      if (found.length !== raced.length) throw new Error('an alert could be neither opened nor found open');
      await countOn(found);
    }
  }

  // The transactions behind each alert: only those the organisation stores (a pattern may name one the engine's
  // memory holds but the database does not yet).
  const links: { alert: string; txn: string }[] = [];
  for (const g of all) for (const id of g.transactions) if (UUID.test(id)) links.push({ alert: landed.get(g)!.id, txn: id });
  await tx.query(
    `INSERT INTO tm_alert_transactions (organisation_id, alert_id, transaction_id)
     SELECT $org, x.alert, t.id FROM jsonb_to_recordset($1::jsonb) AS x(alert uuid, txn uuid)
       JOIN tm_transactions t ON t.organisation_id = $org AND t.id = x.txn
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(links)],
  );

  const created: { alert_id: string; level: AlertLevel; party: string }[] = [];
  for (const g of all) {
    const alert = landed.get(g)!;
    g.at.forEach(([i, j], n) => (out[i][j] = { alert_id: alert.alert_id, created: alert.created && n === 0 }));
    if (alert.created) created.push({ alert_id: alert.alert_id, level: g.level, party: g.first.hit.party_name ?? g.party_key });
  }
  if (created.length && options.deps && options.notify !== false) await notifyNewAlerts(tx, options.deps, created);
  return out;
}

/**
 * Raises or counts an alert for each hit of one transaction (called inside the ingest's database transaction):
 * raiseAlertsBatch with one item. Answers, per hit, the alert it landed on and whether it is new.
 */
export async function raiseAlerts(tx: OrgDb, hits: readonly RuleHit[], txn: RaisingTransaction, options: RaiseOptions = {}): Promise<RaisedAlert[]> {
  if (!hits.length) return [];
  return (await raiseAlertsBatch(tx, [{ hits, txn }], options))[0];
}

/** New high-level alerts, in-app to each active administrator. */
async function notifyNewAlerts(tx: OrgDb, deps: NonNullable<RaiseOptions['deps']>, created: { alert_id: string; level: AlertLevel; party: string }[]) {
  const high = created.filter((c) => c.level === 'high');
  if (!high.length) return;
  const admins = await tx.query<{ id: string }>(
    `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id
      WHERE u.organisation_id = $org AND r.is_admin AND u.is_active AND u.password_hash IS NOT NULL`,
  );
  for (const alert of high) {
    for (const admin of admins) {
      await notifyUser(
        deps,
        { organisation_id: tx.organisationId, user_id: admin.id, kind: 'tm_alert_raised', params: { ref: alert.alert_id, party: alert.party, level: alert.level }, link: alertLink(alert.alert_id) },
        tx,
        { email: false },
      );
    }
  }
}

/** When each rule was last run, per process: the column is written at most once a minute per rule, not per transaction. */
const touched = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;

/**
 * Sets last_executed_at of the rules a transaction was evaluated with. Written at most once a minute per rule
 * (the listing shows it to the minute), so a stream of thousands of transactions a second does not rewrite the
 * rules' rows each time.
 */
export async function touchRulesExecuted(tx: OrgDb, ruleIds: readonly string[], now = Date.now()): Promise<void> {
  const due = ruleIds.filter((id) => (touched.get(id) ?? 0) + TOUCH_EVERY_MS <= now);
  if (!due.length) return;
  await tx.query('UPDATE tm_rules SET last_executed_at = now() WHERE organisation_id = $org AND id = ANY($1::uuid[])', [due]);
  for (const id of due) touched.set(id, now);
  if (touched.size > 100_000) touched.clear();
}
