/**
 * The organisations the attack suite works with: the attacker (Northwind's
 * administrator, who may do everything in its own organisation), the victim
 * (Harbour Trading, whose records of every id kind the attacker tries to reach)
 * and a probe organisation whose role, services, flags and billing the suite
 * changes one at a time to see each requirement refused.
 */
import { PERMISSION_NAMES } from '../../../common/permissions';
import { SERVICE_TYPES, ORGANISATION_FLAGS } from '../../../common/organisation';
import { createSession } from '../../../server/auth/sessions';
import type { IdKind } from '../../../server/http/routes';
import { createOrganisationWithAdmin, insertRole, insertUser } from '../../../server/organisations/create';
import { ingestArticles } from '../../../server/media-corpus/ingest';
import { forOrganisation } from '../../../server/db/tenant';
import { raiseAlerts } from '../../../server/transactions/alerts-raise';
import { ingestTransactions } from '../../../server/transactions/ingest';
import { insertInvoice, topUpDraft } from '../../../server/billing/invoices';
import { ADMIN, PLAN_ADMIN, type TestApp } from '../../helpers/app';
import { TINY_PNG } from '../../cases/multipart';

/** A listed name of the test lists, so a case made with it has entities (hits). */
const LISTED_NAME = 'Ayman al-Zawahri';

export interface Actor {
  organisationId: string;
  userId: string;
  token: string;
}

/** Records of one organisation that a request can name, one per kind, created together so they fit one request. */
export type RecordSet = Record<IdKind, string>;

export class AttackWorld {
  attacker!: Actor;
  victim!: Actor;
  probe!: Actor & { roleId: string };
  /** Harbour's records, one of each kind. */
  foreign!: RecordSet;
  /** Text only Harbour's records hold: an answer to the attacker must contain none of it. */
  secrets: string[] = [];
  /** Ids the attacker owns, mixed into generated requests so they reach past the first lookup. */
  pool: string[] = [];
  private serial = 0;

  constructor(readonly t: TestApp) {}

  async setUp() {
    const { db } = this.t.deps;
    const ttl = this.t.config.tokenTtlMinutes;
    const user = async (email: string) => (await db.one<{ id: string; organisation_id: string }>('SELECT id, organisation_id FROM users WHERE email = $1', [email]))!;
    const admin = await user(ADMIN.email);
    const harbour = await user(PLAN_ADMIN.email);
    this.attacker = { organisationId: admin.organisation_id, userId: admin.id, token: (await createSession(db, admin.id, ttl, {})).token };
    this.victim = { organisationId: harbour.organisation_id, userId: harbour.id, token: (await createSession(db, harbour.id, ttl, {})).token };

    this.foreign = await this.records(this.victim, 'Harbour');
    // Case references count per organisation, so Harbour's first case has the same number as Northwind's:
    // give the victim's case a number the attacker never reaches, or the "foreign" reference would be the attacker's own.
    const unique = `AML-2026-9${String(Date.now() % 100000).padStart(5, '0')}`;
    await db.query('UPDATE cases SET reference = $3 WHERE organisation_id = $1 AND reference = $2', [this.victim.organisationId, this.foreign.case, unique]);
    this.foreign.case = unique;
    // Media case references count per organisation too.
    const uniqueMedia = `MW-9${String(Date.now() % 100000).padStart(5, '0')}`;
    await db.query('UPDATE media_cases SET reference = $3 WHERE organisation_id = $1 AND reference = $2', [this.victim.organisationId, this.foreign.media_case, uniqueMedia]);
    this.foreign.media_case = uniqueMedia;
    // Alert ids count per organisation too.
    const uniqueAlert = `AL-9${String(Date.now() % 100000).padStart(5, '0')}`;
    await db.query('UPDATE tm_alerts SET alert_id = $3 WHERE organisation_id = $1 AND alert_id = $2', [this.victim.organisationId, this.foreign.tm_alert, uniqueAlert]);
    this.foreign.tm_alert = uniqueAlert;
    this.secrets = [
      unique,
      uniqueMedia,
      uniqueAlert,
      'Harbour Trading',
      PLAN_ADMIN.email,
      'Hana Harbour',
      ...(await db.query<{ text: string }>(
        `SELECT name AS text FROM roles WHERE organisation_id = $1 AND NOT is_admin
         UNION SELECT email FROM users WHERE organisation_id = $1 UNION SELECT name FROM users WHERE organisation_id = $1
         UNION SELECT text FROM case_comments WHERE organisation_id = $1 UNION SELECT title FROM search_profiles WHERE organisation_id = $1
         UNION SELECT name FROM bulk_batches WHERE organisation_id = $1 AND name <> ''
         UNION SELECT name FROM custom_lists WHERE organisation_id = $1 UNION SELECT full_name FROM custom_list_records WHERE organisation_id = $1
         UNION SELECT text FROM custom_list_comments WHERE organisation_id = $1
         UNION SELECT title FROM risk_score_engines WHERE organisation_id = $1
         UNION SELECT name FROM webhooks WHERE organisation_id = $1 UNION SELECT endpoint FROM webhooks WHERE organisation_id = $1
         UNION SELECT publisher_name FROM custom_sources WHERE organisation_id = $1 UNION SELECT url FROM custom_sources WHERE organisation_id = $1
         UNION SELECT name FROM media_cases WHERE organisation_id = $1 UNION SELECT title FROM media_articles WHERE organisation_id = $1
         UNION SELECT name FROM tm_rules WHERE organisation_id = $1 AND NOT is_default UNION SELECT party_name FROM tm_alerts WHERE organisation_id = $1
         UNION SELECT reference_id FROM tm_transactions WHERE organisation_id = $1 AND source = 'api' UNION SELECT customer_id FROM tm_customers WHERE organisation_id = $1`,
        [this.victim.organisationId],
      )).map((r) => r.text),
    ];

    const own = await this.records(this.attacker, 'Pool');
    this.pool = [...Object.values(own)];

    // The probe organisation: every service and flag, billed by invoice; its user's role holds every permission.
    const probe = await createOrganisationWithAdmin(db, {
      organisation: { name: 'Probe Org', service_types: [...SERVICE_TYPES], transaction_monitoring: true, usage_report: true, show_monitoring_configuration: true, billing_type: 'invoice' },
      admin: { name: 'Paula Probe Admin', email: 'probe.admin@example.com' },
    });
    const roleId = await insertRole(db, probe.organisationId, 'Probe', []);
    await db.query('INSERT INTO role_permissions (role_id, permission) SELECT $1, unnest($2::text[])', [roleId, [...PERMISSION_NAMES]]);
    const probeUser = await insertUser(db, { organisationId: probe.organisationId, roleId, name: 'Paul Probe', email: 'probe.user@example.com' });
    this.probe = { organisationId: probe.organisationId, userId: probeUser, roleId, token: (await createSession(db, probeUser, ttl, {})).token };
  }

  /** A fresh session of the attacker (for calls that end the one they are made with). */
  async attackerSession(): Promise<string> {
    return (await createSession(this.t.deps.db, this.attacker.userId, this.t.config.tokenTtlMinutes, {})).token;
  }

  /** Tokens that were real once: one signed out, one past its expiry. */
  async deadTokens(): Promise<{ revoked: string; expired: string }> {
    const { db } = this.t.deps;
    const revoked = await createSession(db, this.attacker.userId, 60, {});
    await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [revoked.sessionId]);
    const expired = await createSession(db, this.attacker.userId, 60, {});
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = $1", [expired.sessionId]);
    return { revoked: revoked.token, expired: expired.token };
  }

  /**
   * Fresh records of every kind in an actor's organisation, made to fit one
   * request: the entity and the comment belong to the case, the role holds a
   * user (so moving its users is a real choice), the notification is the
   * actor's own. Two roles, so a request naming two can name different ones.
   */
  async records(actor: Actor, label: string, kinds?: ReadonlySet<IdKind>): Promise<RecordSet & { other_role: string }> {
    const { db } = this.t.deps;
    const n = ++this.serial;
    // Only the kinds a request needs (every kind when not told): each case is a real search, each role a role more for every roles call.
    const wants = (...k: IdKind[]) => !kinds || k.some((kind) => kinds.has(kind));
    const out = { case: '', hit: '', comment: '', user: '', role: '', other_role: '', notification: '', search_profile: '', batch: '', upload: '', custom_list: '', list_record: '', list_comment: '', risk_engine: '', api_key: '', webhook: '', webhook_delivery: '', custom_source: '', media_case: '', article: '', tm_rule: '', tm_alert: '', tm_transaction: '', tm_customer: '', invoice: '' };
    if (wants('case', 'hit', 'comment')) Object.assign(out, await this.caseRecords(actor, label, n));
    if (wants('role', 'user')) {
      const role = async (name: string) => {
        const id = await insertRole(db, actor.organisationId, name, ['view_case']);
        await insertUser(db, { organisationId: actor.organisationId, roleId: id, name: `${label} Member`, email: `${label.toLowerCase()}.member.${n}.${name.length}@example.com` });
        return id;
      };
      out.role = await role(`${label} Role ${n}`);
      out.other_role = await role(`${label} Other Role ${n}`);
      out.user = await insertUser(db, { organisationId: actor.organisationId, roleId: out.other_role, name: `${label} Person`, email: `${label.toLowerCase()}.person.${n}@example.com` });
    }
    // A batch the user started, so the batch table filtered by that user lists something.
    if (wants('batch', 'user')) out.batch = await this.batchRecord(actor, out.user || actor.userId, `${label} Batch ${n}`, 'finished');
    // A checked file of the actor (drafts belong to their uploader), ready to be started.
    if (wants('upload')) out.upload = await this.batchRecord(actor, actor.userId, '', 'draft');
    if (wants('notification')) {
      const notification = await db.one<{ id: string }>(
        `INSERT INTO notifications (organisation_id, user_id, kind, params) VALUES ($1, $2, 'feedback_received', $3) RETURNING id`,
        [actor.organisationId, actor.userId, JSON.stringify({ name: `${label} Sender` })],
      );
      out.notification = notification!.id;
    }
    if (wants('search_profile')) {
      const profile = await db.one<{ id: string }>(`INSERT INTO search_profiles (organisation_id, title, databases) VALUES ($1, $2, '{sanctions,pep}') RETURNING id`, [actor.organisationId, `${label} Profile ${n}`]);
      out.search_profile = profile!.id;
    }
    if (wants('risk_engine')) {
      // Written directly: Harbour's basic plan may not use risk scoring, but an engine kept from before a downgrade is still its own.
      const engine = await db.one<{ id: string }>(
        `INSERT INTO risk_score_engines (organisation_id, title, model_name, medium_threshold, high_threshold, rules, decisions, created_by, updated_by)
         VALUES ($1, $2, 'Attack model', 40, 70, $3, $4, $5, $5) RETURNING id`,
        [
          actor.organisationId,
          `${label} Engine ${n}`,
          JSON.stringify([{ country: 'any', category: 'sanctions', record: 'terrorism', weightage: 80 }]),
          JSON.stringify({ blacklisted: 'failed', whitelisted: 'passed', high_risk: 'failed', medium_risk: 'for review', low_risk: 'passed' }),
          actor.userId,
        ],
      );
      out.risk_engine = engine!.id;
    }
    if (wants('api_key')) {
      // A key of the actor's own, live for a day; its secret is never needed, only its id.
      const key = await db.one<{ id: string }>(
        `INSERT INTO api_keys (organisation_id, user_id, name, prefix, key_hash, expires_at) VALUES ($1, $2, $3, 'amlk_attack', $4, now() + interval '1 day') RETURNING id`,
        [actor.organisationId, actor.userId, `${label} Key ${n}`, `attack-${label}-${n}-${Math.random()}`],
      );
      out.api_key = key!.id;
    }
    if (wants('webhook', 'webhook_delivery')) {
      // Written directly (Harbour's plan need not offer web hooks to own one): an active endpoint on a reserved name,
      // so nothing is ever sent, with one delivered event in its log. The secret words are in the victim's secrets.
      const hook = await db.one<{ id: string }>(
        `INSERT INTO webhooks (organisation_id, name, endpoint, type, created_by) VALUES ($1, $2, $3, 'update', $4) RETURNING id`,
        [actor.organisationId, `${label} Hook ${n}`, `https://${label.toLowerCase()}-hook-${n}.example.invalid/events`, actor.userId],
      );
      const delivery = await db.one<{ id: string }>(
        `INSERT INTO webhook_deliveries (organisation_id, webhook_id, event_id, event_type, body, status, attempts, delivered_at, last_status_code, last_duration_ms)
         VALUES ($1, $2, $3, 'webhook.test', $4, 'delivered', 1, now(), 200, 12) RETURNING id`,
        [actor.organisationId, hook!.id, `msg_${label.toLowerCase()}${n}`, JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: { name: `${label} Hook ${n}` } })],
      );
      await db.query(`INSERT INTO webhook_attempts (organisation_id, delivery_id, attempt, status_code, duration_ms, response_excerpt) VALUES ($1, $2, 1, 200, 12, $3)`, [
        actor.organisationId,
        delivery!.id,
        `${label} receiver said ok`,
      ]);
      out.webhook = hook!.id;
      out.webhook_delivery = delivery!.id;
    }
    if (wants('custom_source')) {
      // Written directly (Harbour's plan does not include custom sources, but one kept from before a downgrade is still its own):
      // a source on a reserved name (nothing could be read from it), read once and next due in a day.
      const source = await db.one<{ id: string }>(
        `INSERT INTO custom_sources (organisation_id, publisher_name, url, description, frequency_minutes, status, last_success_at, next_poll_at, created_by)
         VALUES ($1, $2, $3, $4, 60, 'Live', now(), now() + interval '1 day', $5) RETURNING id`,
        [actor.organisationId, `${label} Publisher ${n}`, `https://${label.toLowerCase()}-feed-${n}.example.invalid/rss.xml`, `${label} private feed ${n}`, actor.userId],
      );
      out.custom_source = source!.id;
    }
    if (wants('media_case', 'article')) {
      // An article of the actor's own (as a custom source's read stores it) and a media case keeping it, made through the API.
      const { inserted } = await ingestArticles(
        db,
        [{ guid: `attack-${label.toLowerCase()}-${n}`, title: `${label} Article ${n} on wire fraud`, body: `${label} private article ${n}: a supplier was charged with wire fraud.`, language: 'en' }],
        { organisationId: actor.organisationId, source: `${label} Feed ${n}` },
      );
      const created = await this.t.call('POST', '/api/adverse-media/create', {
        token: actor.token,
        body: { name: `${label} Media Case ${n}`, query: { keywords: [{ term: 'wire fraud', mode: 'all' }], match: 'broad' }, article_ids: inserted },
      });
      if (created.status !== 200) throw new Error(`could not create a media case for ${label}: ${JSON.stringify(created.body)}`);
      out.article = inserted[0];
      out.media_case = created.body.reference;
    }
    if (wants('tm_transaction', 'tm_customer')) Object.assign(out, await this.transactionRecords(actor, label, n));
    // After the customer: the alert is about that customer, so the alerts listing filtered by it finds the alert.
    if (wants('tm_rule', 'tm_alert')) Object.assign(out, await this.monitoringRecords(actor, label, n, out.user || null, out.tm_customer || null));
    if (wants('invoice')) {
      // Written through billing's own statement (the attacker's organisation is billed by invoice and may not buy a top-up): an open top-up invoice.
      const invoice = await insertInvoice(forOrganisation(db, actor.organisationId), topUpDraft('aml_screening', 1), { collector: 'invoice', issuedBy: actor.userId });
      out.invoice = invoice.id;
    }
    if (wants('custom_list', 'list_record', 'list_comment')) {
      // Written directly, like batchRecord (Harbour's basic plan may not use custom lists): a list with one record stamped
      // with a fresh custom-list revision, as the API leaves them, and a comment of the actor's own on it.
      const list = await db.one<{ id: string }>(
        `INSERT INTO custom_lists (organisation_id, name, description, list_type, total_records, created_by, updated_by) VALUES ($1, $2, 'Made by the attack suite', 'blacklist', 1, $3, $3) RETURNING id`,
        [actor.organisationId, `${label} List ${n}`, actor.userId],
      );
      const revision = await db.one<{ r: string }>('UPDATE organisations SET custom_lists_revision = custom_lists_revision + 1 WHERE id = $1 RETURNING custom_lists_revision AS r', [actor.organisationId]);
      const record = await db.one<{ id: string }>(
        `INSERT INTO custom_list_records (organisation_id, list_id, full_name, entity_type, revision, created_by, updated_by) VALUES ($1, $2, $3, 'person', $4, $5, $5) RETURNING id`,
        [actor.organisationId, list!.id, `${label} Listed Person ${n}`, revision!.r, actor.userId],
      );
      const comment = await db.one<{ id: string }>('INSERT INTO custom_list_comments (organisation_id, record_id, user_id, text) VALUES ($1, $2, $3, $4) RETURNING id', [
        actor.organisationId,
        record!.id,
        actor.userId,
        `${label} list remark ${n}`,
      ]);
      out.custom_list = list!.id;
      out.list_record = record!.id;
      out.list_comment = comment!.id;
    }
    return out;
  }

  /**
   * A batch made the way the API leaves one, written directly (Harbour's basic plan may not use bulk
   * search): a finished batch whose one row failed, or a draft (a checked file) with one pending row.
   */
  private async batchRecord(actor: Actor, createdBy: string, name: string, state: 'finished' | 'draft'): Promise<string> {
    const { db } = this.t.deps;
    const finished = state === 'finished';
    const batch = await db.one<{ id: string }>(
      `INSERT INTO bulk_batches (organisation_id, name, file_name, state, options, total_count, failed_count, created_by, started_at, finished_at)
       VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $8) RETURNING id`,
      [actor.organisationId, name, `${name || 'draft'}.csv`, state, JSON.stringify(finished ? { search_type: 'manual', databases: ['sanctions'], exact_match: false, match_akas: true, match_rca: false } : {}), finished ? 1 : 0, createdBy, finished ? new Date() : null],
    );
    const input = { search_term: 'Jane Example', entity_type: 'person', countries: [], residence_countries: [], aml_monitoring: false, adverse_media_monitoring: false };
    await db.query(`INSERT INTO bulk_rows (batch_id, row_number, organisation_id, input, state, error) VALUES ($1, 2, $2, $3, $4, $5)`, [
      batch!.id,
      actor.organisationId,
      JSON.stringify(input),
      finished ? 'failed' : 'pending',
      finished ? 'screening refused the row' : null,
    ]);
    return batch!.id;
  }

  /**
   * A transaction-monitoring rule and an open alert it raised on one stored transaction, written directly (Harbour
   * has no transaction monitoring, but records kept from before the flag was switched off are still its own); the
   * alert is raised through raiseAlerts, as ingest raises one, about the set's customer and assigned to its user (so
   * the listing filtered by that rule, user or customer finds it).
   */
  private async monitoringRecords(actor: Actor, label: string, n: number, assignee: string | null, customer: string | null) {
    const { db } = this.t.deps;
    const definition = { version: 1, when: { compare: [{ field: 'amount' }, '>', { value: 1000 }] } };
    const rule = await db.one<{ id: string }>(
      `INSERT INTO tm_rules (organisation_id, name, description, score, status, definition, created_by, updated_by) VALUES ($1, $2, 'Made by the attack suite', 80, 'Disabled', $3, $4, $4) RETURNING id`,
      [actor.organisationId, `${label} Rule ${n}`, JSON.stringify(definition), actor.userId],
    );
    await db.query(`INSERT INTO tm_rule_versions (organisation_id, rule_id, version, name, description, score, definition, created_by) VALUES ($1, $2, 1, $3, '', 80, $4, $5)`, [
      actor.organisationId,
      rule!.id,
      `${label} Rule ${n}`,
      JSON.stringify(definition),
      actor.userId,
    ]);
    const counter = await db.one<{ n: string }>(
      `INSERT INTO tm_counters (organisation_id, last_number) VALUES ($1, 1) ON CONFLICT (organisation_id) DO UPDATE SET last_number = tm_counters.last_number + 1 RETURNING last_number AS n`,
      [actor.organisationId],
    );
    const account = `${label.toUpperCase()}-ACC-${n}`;
    const txn = await db.one<{ id: string; reference_id: string; occurred_at: Date }>(
      `INSERT INTO tm_transactions (organisation_id, number, reference_id, occurred_at, amount, currency, direction, remitter_account, remitter_name, beneficiary_account, payment_method, status)
       VALUES ($1, $2, $3, now() - interval '1 hour', 2500, 'EUR', 'outbound', $4, $5, $6, 'wire', 'under review') RETURNING id, reference_id, occurred_at`,
      [actor.organisationId, counter!.n, `${label}-TX-${n}-${Date.now()}`, account, `${label} Remitter ${n}`, `${label.toUpperCase()}-BEN-${n}`],
    );
    const [raised] = await forOrganisation(db, actor.organisationId).transaction((tx) =>
      raiseAlerts(
        tx,
        [
          {
            rule_id: rule!.id,
            rule_version: 1,
            score: 80,
            action: 'review',
            party_key: account,
            party_name: `${label} Remitter ${n}`,
            counterparty: `${label.toUpperCase()}-BEN-${n}`,
            members: [],
            transaction_ids: [txn!.id],
            explanation: { parts: [{ kind: 'compare', field: 'amount', value: 2500, op: '>', threshold: 1000 }] },
          },
        ],
        { id: txn!.id, reference_id: txn!.reference_id, occurred_at: txn!.occurred_at, payment_method: 'wire', customer_id: customer },
      ),
    );
    if (assignee) await db.query('UPDATE tm_alerts SET assignee_id = $3 WHERE organisation_id = $1 AND alert_id = $2', [actor.organisationId, raised.alert_id, assignee]);
    return { tm_rule: rule!.id, tm_alert: raised.alert_id };
  }

  /**
   * A transaction and its customer, stored through the ingest pipeline itself (Harbour has no transaction
   * monitoring, but records kept from before the flag was switched off are still its own; nothing is spent).
   */
  private async transactionRecords(actor: Actor, label: string, n: number) {
    const reference = `${label}-TXN-${n}-${Date.now()}`;
    const customer = `${label.toUpperCase()}-CUST-${n}`;
    await ingestTransactions(
      this.t.deps,
      actor.organisationId,
      [
        {
          reference_id: reference,
          customer_id: customer,
          customer_first_name: label,
          customer_last_name: `Customer ${n}`,
          amount: '420.50',
          currency: 'EUR',
          direction: 'outbound',
          remitter_name: `${label} Customer ${n}`,
          remitter_account: `${label.toUpperCase()}-ACC-T${n}`,
          beneficiary_name: `${label} Supplier ${n}`,
          beneficiary_account: `${label.toUpperCase()}-SUP-T${n}`,
        },
      ],
      { source: 'api', actor: null, spendCredits: false, waitForLists: true, publish: false },
    );
    return { tm_transaction: reference, tm_customer: customer };
  }

  /** A case with entities (a real search), a face image, and a comment on its first entity. */
  private async caseRecords(actor: Actor, label: string, n: number) {
    const { db } = this.t.deps;
    const created = await this.t.call('POST', '/api/search', { token: actor.token, body: { search_term: LISTED_NAME, entity_type: 'person', client_reference: `${label} ${n}` } });
    if (created.status !== 200) throw new Error(`could not create a case for ${label}: ${JSON.stringify(created.body)}`);
    const reference = created.body.reference as string;
    const kase = (await db.one<{ id: string }>('SELECT id FROM cases WHERE organisation_id = $1 AND reference = $2', [actor.organisationId, reference]))!;
    await db.query('UPDATE cases SET face_image = $2, face_image_type = $3 WHERE id = $1', [kase.id, TINY_PNG, 'image/png']);
    const hit = await db.one<{ id: string }>('SELECT id FROM case_hits WHERE case_id = $1 ORDER BY position LIMIT 1', [kase.id]);
    if (!hit) throw new Error(`the case of ${label} has no entities`);
    const comment = await this.t.call('POST', '/api/add-comment', { token: actor.token, body: { reference, entity_id: hit.id, text: `${label} private remark ${n}` } });
    if (comment.status !== 200) throw new Error(`could not comment for ${label}: ${JSON.stringify(comment.body)}`);
    return { case: reference, hit: hit.id, comment: comment.body._id as string };
  }

  /**
   * A digest of everything the victim organisation holds: every table with an
   * organisation_id, the rows that hang off those (role permissions, sessions,
   * links), and the organisation itself. Equal digests: nothing changed.
   */
  async victimDigest(): Promise<string> {
    const { db } = this.t.deps;
    const org = this.victim.organisationId;
    const owned = (await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'organisation_id' ORDER BY table_name",
    )).map((r) => r.table_name);
    const children = await db.query<{ child: string; column: string; parent: string }>(
      `SELECT c.conrelid::regclass::text AS child, a.attname AS column, c.confrelid::regclass::text AS parent
         FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND c.confrelid::regclass::text = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM information_schema.columns i WHERE i.table_schema = current_schema() AND i.table_name = c.conrelid::regclass::text AND i.column_name = 'organisation_id')
        ORDER BY 1, 2`,
      [owned],
    );
    const digest = (sql: string) => db.one<{ d: string }>(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM (${sql}) x`, [org]);
    const parts = [(await digest('SELECT * FROM organisations WHERE id = $1'))!.d];
    for (const table of owned) parts.push(`${table}:${(await digest(`SELECT * FROM ${table} WHERE organisation_id = $1`))!.d}`);
    for (const c of children) {
      parts.push(`${c.child}.${c.column}:${(await digest(`SELECT * FROM ${c.child} WHERE ${c.column} IN (SELECT id FROM ${c.parent} WHERE organisation_id = $1)`))!.d}`);
    }
    return parts.join(',');
  }

  /** Sets the probe organisation's services, flags and billing, everything on and billed by invoice unless told otherwise. */
  async probeOrganisation(changes: { service_types?: string[]; flags?: Partial<Record<(typeof ORGANISATION_FLAGS)[number], boolean>>; billing_type?: 'plan' | 'invoice'; plan_name?: string | null } = {}) {
    const flags = { transaction_monitoring: true, usage_report: true, show_monitoring_configuration: true, ...changes.flags };
    await this.t.deps.db.query(
      `UPDATE organisations SET service_types = $2, transaction_monitoring = $3, usage_report = $4, show_monitoring_configuration = $5, billing_type = $6, plan_name = $7 WHERE id = $1`,
      [this.probe.organisationId, changes.service_types ?? [...SERVICE_TYPES], flags.transaction_monitoring, flags.usage_report, flags.show_monitoring_configuration, changes.billing_type ?? 'invoice', changes.plan_name ?? null],
    );
  }

  /** Gives the probe role every permission but these. */
  async probePermissions(without: readonly string[]) {
    const { db } = this.t.deps;
    await db.query('DELETE FROM role_permissions WHERE role_id = $1', [this.probe.roleId]);
    await db.query('INSERT INTO role_permissions (role_id, permission) SELECT $1, p FROM unnest($2::text[]) p WHERE NOT p = ANY($3::text[])', [this.probe.roleId, [...PERMISSION_NAMES], [...without]]);
  }
}
