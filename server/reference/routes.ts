/**
 * Reference data of section 7: countries, categories, entity-types and
 * risk-score-engine-list, plus the search profiles the Create New Case form
 * offers. Served to any signed-in user of the organisation.
 */
import { planIncludes } from '../../common/access';
import { DATABASES, ENTITY_TYPES } from '../../common/enums';
import type { RiskEngineChoice } from '../../common/risk-scoring';
import { route } from '../http/routes';
import { countryList } from './countries';
import { riskScoreEngines, searchProfiles } from './data';

export function referenceRoutes() {
  return [
    route({
      method: 'GET',
      path: '/countries',
      operationId: 'listCountries',
      tag: 'Reference data',
      summary: 'ISO 3166-1 alpha-2 countries with English names (the app shows them in the user\'s language).',
      async handler() {
        return { data: countryList() };
      },
    }),
    route({
      method: 'GET',
      path: '/entity-types',
      operationId: 'listEntityTypes',
      tag: 'Reference data',
      summary: 'The entity types a search can be for: person, company, location.',
      async handler() {
        return { data: ENTITY_TYPES.map((value) => ({ value })) };
      },
    }),
    route({
      method: 'GET',
      path: '/categories',
      operationId: 'listCategories',
      tag: 'Reference data',
      summary: 'The screening categories (databases) with the lists that feed each and how many entities they hold now.',
      async handler({ deps }) {
        const lists = deps.screening.status().lists;
        return {
          data: DATABASES.map((database) => {
            const sources = lists.filter((l) => l.database === database || (l.database === 'mixed' && database !== 'adverse_media'));
            return {
              value: database,
              sources: sources.map((l) => ({ id: l.id, name: l.name, entities: l.entities })),
              entities: lists.filter((l) => l.database === database).reduce((n, l) => n + l.entities, 0),
            };
          }),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/risk-score-engine-list',
      operationId: 'listRiskEngineChoices',
      tag: 'Reference data',
      summary:
        "The organisation's custom risk-scoring engines a search can use, each with is_active (the engine a search without a chosen engine is decided by); empty when the organisation's plan does not include risk scoring, which then decides nothing.",
      async handler({ org, auth }) {
        if (!planIncludes(auth.organisation, 'risk-scoring')) return { data: [] };
        const rows = await riskScoreEngines(org);
        return { data: rows.map((r): RiskEngineChoice => ({ _id: r.id, title: r.title, is_active: Boolean(r.is_active) })) };
      },
    }),
    route({
      method: 'GET',
      path: '/search-profiles',
      operationId: 'listSearchProfileChoices',
      tag: 'Reference data',
      summary:
        "The organisation's search profiles to search by (title, databases, countries); empty when the organisation's plan does not include search profiles, whose searches by profile are refused.",
      access: { service: 'aml_screening', allowedWithoutPlanDetails: true },
      async handler({ org, auth }) {
        if (!planIncludes(auth.organisation, 'search-profile')) return { data: [] };
        const rows = await searchProfiles(org);
        return { data: rows.map((r) => ({ _id: r.id, title: r.title, databases: r.databases, countries: r.countries })) };
      },
    }),
  ];
}
