/**
 * A demo search (open-search-initiate): screened for real, the way Create New Case screens (the engine
 * with the lists loaded, through case-store's caseScreening), and stored as a case of the demo
 * organisation by the same storeScreenedCases, so the demo shows exactly what a customer would get.
 *
 * Each visitor has an allowance of searches per UTC day. It is checked before screening, so a visitor
 * who has none left costs nothing, and taken in the transaction that stores the case, so a refused
 * search stores nothing and two searches at once cannot both take the last one. The spend is written to
 * the credit ledger as 'demo_search' (the demo organisation's credits are not limited; the allowance is
 * the limit), which keeps demo use visible beside the product's own.
 */
import { SCREENABLE_DATABASES, type SearchInputView } from '../../common/cases';
import type { DemoAllowance, DemoSearchValue } from '../../common/schemas/demo';
import type { AuthContext } from '../auth/sessions';
import { holdScreeningCredit, spendScreeningCredit } from '../case-store/credits';
import { engineReady } from '../case-store/engine';
import { caseScreening } from '../case-store/screen';
import { storeScreenedCases, type StoredCase } from '../case-store/store';
import { forOrganisation, inTransaction, type OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { isKnownCountry } from '../reference/countries';
import { ScreeningInputError } from '../screening';
import { readAllowance, takeAllowance } from './data';
import { demoDailySearches } from './settings';

/** The allowance is used up: 429 with the message the page shows, and the allowance itself. */
export function allowanceUsed(allowance: DemoAllowance): ApiError {
  return new ApiError(429, 'demo_allowance_used', { limit: allowance.limit }, undefined, { allowance });
}

export async function visitorAllowance(org: OrgDb, userId: string): Promise<DemoAllowance> {
  return readAllowance(org, userId, demoDailySearches());
}

/** The search input a demo search stands for: the product's defaults for everything the demo form does not ask. */
export function demoSearchInput(body: DemoSearchValue): SearchInputView {
  const country = body.country?.trim().toUpperCase();
  if (country && !isKnownCountry(country)) throw new ApiError(400, 'invalid_country', {}, 'country');
  const year = body.birth_year?.trim() ? Number(body.birth_year) : undefined;
  return {
    search_term: body.search_term.trim(),
    entity_type: body.entity_type.trim() as SearchInputView['entity_type'],
    ...(year ? { birth_year: year } : {}),
    countries: country ? [country] : [],
    residence_countries: [],
    // 0: the engine's own threshold, as Create New Case without a match score.
    match_score: 0,
    exact_match: false,
    match_akas: true,
    match_rca: false,
    search_type: 'manual',
    databases: [...SCREENABLE_DATABASES],
  };
}

export async function demoSearch(deps: Deps, auth: AuthContext, body: DemoSearchValue): Promise<{ stored: StoredCase; allowance: DemoAllowance }> {
  const org = forOrganisation(deps.db, auth.organisation.id);
  const limit = demoDailySearches();
  const input = demoSearchInput(body);
  const before = await readAllowance(org, auth.user.id, limit);
  if (before.left <= 0) throw allowanceUsed(before);

  await engineReady(deps.screening);
  const screening = await caseScreening(deps, auth.organisation.id);
  let result;
  try {
    result = screening.screen(input);
  } catch (error) {
    if (error instanceof ScreeningInputError) throw new ApiError(400, 'bad_request', {}, error.field);
    throw error;
  }
  const actor = { id: auth.user.id, name: auth.user.name };

  const stored = await deps.db.transaction(async (tx) => {
    const own = inTransaction(tx, auth.organisation.id);
    // The organisation's lock first, as every transaction that spends takes it (server/case-store/credits.ts).
    await holdScreeningCredit(own, 'demo_search');
    // Another search of this visitor may have taken the last one since the check above: refused, and the
    // transaction rolls back with nothing stored.
    if ((await takeAllowance(own, auth.user.id, limit)) === null) throw allowanceUsed(await readAllowance(own, auth.user.id, limit));
    const [created] = await storeScreenedCases(tx, screening, [{ input, result, aml_monitoring: false, adverse_media_monitoring: false }], actor);
    await spendScreeningCredit(own, { reason: 'demo_search', actorId: actor.id, subject: { type: 'case', id: created.id, label: created.reference } });
    return created;
  });
  return { stored, allowance: await readAllowance(org, auth.user.id, limit) };
}
