/**
 * The organisation-bound database handle. Organisation-owned data is reached
 * only through an OrgDb, which a request receives already bound to the
 * caller's organisation (ctx.org in a route handler) and hands to its area's
 * data module. Every statement sent through it must name the organisation as
 * `$org`; the handle binds that placeholder to its own organisation id and
 * refuses a statement that does not use it, so a query that forgets the
 * organisation fails the first time any test runs it instead of leaking
 * another organisation's rows. Why a handle rather than row-level security:
 * docs/decisions.md, "Tenancy".
 *
 *   const org = forOrganisation(db, organisationId);
 *   await org.one('SELECT * FROM cases WHERE organisation_id = $org AND reference = $1', [reference]);
 *
 * Numbered parameters ($1, $2, ...) keep their meaning; `$org` becomes the next
 * number after them.
 */
import type { Db, Queryable, Row } from './client';

export interface OrgDb {
  readonly organisationId: string;
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs fn in one transaction; inside a transaction it joins the one already open. */
  transaction<T>(fn: (tx: OrgDb) => Promise<T>): Promise<T>;
  /**
   * The same connection (inside a transaction: the same transaction) without the
   * binding, for the few statements on rows that belong to no organisation
   * (one-time links, two-factor codes, resolving a session's token) that run as
   * part of an organisation's request, in its transaction. Only the modules
   * tests/api/tenancy.test.ts lists, each with its reason, may use it.
   */
  readonly unscoped: Queryable;
}

/** Thrown for a statement sent through an OrgDb that does not name `$org`: a programming error. */
export class UnscopedStatementError extends Error {
  constructor(sql: string) {
    super(`statement does not name the organisation ($org): ${sql.replace(/\s+/g, ' ').trim().slice(0, 160)}`);
    this.name = 'UnscopedStatementError';
  }
}

const ORG_TOKEN = /\$org\b/g;
// The rewritten text depends only on the statement and how many numbered parameters it has.
const rewritten = new Map<string, string>();

/** The statement with `$org` replaced by the parameter number that follows the caller's parameters. */
export function bindOrganisation(sql: string, paramCount: number): string {
  const key = `${paramCount}\u0000${sql}`;
  let text = rewritten.get(key);
  if (text === undefined) {
    if (!ORG_TOKEN.test(sql)) throw new UnscopedStatementError(sql);
    ORG_TOKEN.lastIndex = 0;
    text = sql.replace(ORG_TOKEN, `$${paramCount + 1}`);
    if (rewritten.size < 5_000) rewritten.set(key, text);
  }
  return text;
}

/** The rewritten statement, or a rejected promise for a statement without $org, so callers see one failure path. */
function bindOrRefuse(sql: string, paramCount: number): string | Promise<never> {
  try {
    return bindOrganisation(sql, paramCount);
  } catch (error) {
    return Promise.reject(error);
  }
}

function bound(runner: Queryable, organisationId: string, transaction: OrgDb['transaction'] | null): OrgDb {
  const handle: OrgDb = {
    organisationId,
    query(sql, params = []) {
      const text = bindOrRefuse(sql, params.length);
      return typeof text === 'string' ? runner.query(text, [...params, organisationId]) : text;
    },
    one(sql, params = []) {
      const text = bindOrRefuse(sql, params.length);
      return typeof text === 'string' ? runner.one(text, [...params, organisationId]) : text;
    },
    transaction: transaction ?? ((fn) => fn(handle)),
    unscoped: runner,
  };
  return handle;
}

/** The handle for one organisation over the whole database. */
export function forOrganisation(db: Db, organisationId: string): OrgDb {
  return bound(db, organisationId, (fn) => db.transaction((tx) => fn(bound(tx, organisationId, null))));
}

/** The handle for one organisation inside a transaction the caller already holds. */
export function inTransaction(tx: Queryable, organisationId: string): OrgDb {
  return bound(tx, organisationId, null);
}
