/**
 * The first start's cases that show the advanced features at work (server/db/seed.ts SEED_ADVANCED_CASES):
 * screened as Create New Case screens, once the lists are loaded, by Northwind's administrator. One is
 * decided by a seeded risk engine (its Risk Analysis tab shows the breakdown), one hits the seeded
 * blacklist and is monitored.
 */
import { DATABASES } from '../../common/enums';
import type { SearchInputView } from '../../common/cases';
import { holdScreeningCredit, spendScreeningCredit } from '../case-store/credits';
import { caseScreening } from '../case-store/screen';
import { storeScreenedCases } from '../case-store/store';
import { forOrganisation, inTransaction } from '../db/tenant';
import { SEED_ADVANCED_CASES } from '../db/seed';
import type { Deps } from '../deps';

export async function seedAdvancedCases(deps: Deps, owner: { organisationId: string; actor: { id: string; name: string } }) {
  await deps.screening.ready();
  const org = forOrganisation(deps.db, owner.organisationId);
  for (const seed of SEED_ADVANCED_CASES) {
    const engine = seed.engine ? await org.one<{ id: string }>('SELECT id FROM risk_score_engines WHERE organisation_id = $org AND title = $1', [seed.engine]) : undefined;
    const screening = await caseScreening(deps, owner.organisationId, { id: engine?.id ?? null });
    const input: SearchInputView = {
      search_term: seed.search_term,
      entity_type: seed.entity_type,
      countries: [],
      residence_countries: [],
      match_score: 0,
      exact_match: false,
      match_akas: true,
      match_rca: false,
      search_type: 'manual',
      databases: [...DATABASES].filter((d) => d !== 'adverse_media'),
    };
    const result = screening.screen(input);
    await deps.db.transaction(async (tx) => {
      const own = inTransaction(tx, owner.organisationId);
      await holdScreeningCredit(own, 'case_search');
      const [stored] = await storeScreenedCases(tx, screening, [{ input, result, aml_monitoring: seed.aml_monitoring, adverse_media_monitoring: false }], owner.actor);
      await spendScreeningCredit(own, { reason: 'case_search', actorId: owner.actor.id, subject: { type: 'case', id: stored.id, label: stored.reference } });
    });
  }
}
