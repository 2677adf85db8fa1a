/**
 * The demo calls of section 7 (docs/demo.md): open-search-initiate screens a name for real and stores it
 * as a case of the demo organisation; open-user-search reads one of the visitor's own searches and its
 * entities in the same shapes as the product's search_result_filter and record; open-user-searches lists
 * the visitor's recent ones; demo-user-request asks the provider for a full account. Every answer carries
 * the visitor's allowance of the day. Only users of the demo organisation may call them (route option
 * demo), and they may call nothing of the product's own (server/http/routes.ts).
 */
import { HitFilterQuery, RecordQuery } from '../../common/schemas/cases';
import { DemoRequestBody, DemoSearchBody, type DemoEntityAnswer, type DemoResultsAnswer, type DemoSearchesAnswer } from '../../common/schemas/demo';
import { filterHits, findCase, findHit, hitFacets } from '../case-store/read';
import { ApiError } from '../http/errors';
import { done } from '../http/reply';
import { route, type AttackDeclaration } from '../http/routes';
import { ownSearchId, recentSearches } from './data';
import { sendDemoRequest } from './request';
import { demoSearch, visitorAllowance } from './search';
import { DEMO_RECENT_SEARCHES } from './settings';

const TAG = 'Demo';

/**
 * The attack suite acts as a user of an ordinary organisation, whom every demo call refuses (403 demo_only)
 * before reading the request: its generated requests are few, and another organisation's ids are proven
 * refused by tests/demo/demo-api.test.ts, as a demo visitor.
 */
const DEMO_ATTACK: AttackDeclaration = {
  runs: { count: 20, reason: "the suite's caller belongs to an ordinary organisation, which every demo call refuses before reading the request" },
};
const FOREIGN_IDS_ELSEWHERE = "only the demo organisation's users may call it; tests/demo/demo-api.test.ts sends another organisation's and another visitor's references as a demo visitor and gets 404";

export function demoRoutes() {
  return [
    route({
      method: 'POST',
      path: '/open-search-initiate',
      operationId: 'startDemoSearch',
      tag: TAG,
      summary:
        "Screens a name against the lists as Create New Case does and stores it as a case of the demo organisation; one of the visitor's searches of the day (DEMO_DAILY_SEARCHES), 429 'demo_allowance_used' once they are used.",
      demo: true,
      body: DemoSearchBody,
      examples: [{ body: { search_term: 'Jane Example', entity_type: 'person', birth_year: '1970', country: 'GB' } }],
      attack: DEMO_ATTACK,
      async handler({ deps, auth, body }) {
        const { stored, allowance } = await demoSearch(deps, auth, body);
        return done('demo_search_done', { reference: stored.reference, hit_count: stored.hit_count, case_status: stored.case_status, allowance }, { ref: stored.reference });
      },
    }),
    route({
      method: 'GET',
      path: '/open-user-searches',
      operationId: 'listDemoSearches',
      tag: TAG,
      summary: "The visitor's own recent demo searches, newest first, and the allowance left today.",
      demo: true,
      attack: DEMO_ATTACK,
      async handler({ org, auth }): Promise<DemoSearchesAnswer> {
        const [data, allowance] = await Promise.all([recentSearches(org, auth.user.id, DEMO_RECENT_SEARCHES), visitorAllowance(org, auth.user.id)]);
        return { data, allowance };
      },
    }),
    route({
      method: 'GET',
      path: '/open-user-search',
      operationId: 'getDemoSearch',
      tag: TAG,
      summary: "One of the visitor's own demo searches with its entity results, filtered as search_result_filter filters; another visitor's or organisation's reference answers 404.",
      demo: true,
      query: HitFilterQuery,
      ids: { 'query.reference': 'case' },
      examples: [{ query: { reference: '<case reference>' } }],
      attack: { ...DEMO_ATTACK, skip: { foreign_ids: FOREIGN_IDS_ELSEWHERE } },
      async handler({ org, auth, query }): Promise<DemoResultsAnswer> {
        if (!(await ownSearchId(org, auth.user.id, query.reference))) throw new ApiError(404, 'not_found');
        const { row, view } = await findCase(org, query.reference);
        const [hits, facets, allowance] = await Promise.all([filterHits(org, row.id, query), hitFacets(org, row.id), visitorAllowance(org, auth.user.id)]);
        return { case: view, data: hits, total: hits.length, facets, allowance };
      },
    }),
    route({
      method: 'GET',
      path: '/open-user-search/entity',
      operationId: 'getDemoSearchEntity',
      tag: TAG,
      summary: "One entity of one of the visitor's own demo searches: the listed record as screened, why it matched, and the previous and next entities.",
      demo: true,
      query: RecordQuery,
      ids: { 'query.reference': 'case', 'query.id': 'hit' },
      examples: [{ query: { reference: '<case reference>', id: '<entity id>' } }],
      attack: { ...DEMO_ATTACK, skip: { foreign_ids: FOREIGN_IDS_ELSEWHERE } },
      async handler({ org, auth, query }): Promise<DemoEntityAnswer> {
        const caseId = await ownSearchId(org, auth.user.id, query.reference);
        if (!caseId) throw new ApiError(404, 'not_found');
        const [{ view }, entity, allowance] = await Promise.all([findCase(org, query.reference), findHit(org, caseId, query.id), visitorAllowance(org, auth.user.id)]);
        return { case: view, entity, allowance };
      },
    }),
    route({
      method: 'POST',
      path: '/demo-user-request',
      operationId: 'requestFullAccount',
      tag: TAG,
      summary:
        "Asks the provider for a full account: name, company, e-mail, optional phone and message, kept and e-mailed to DEMO_REQUEST_EMAIL; a few an hour per visitor, then 429 'demo_request_throttled'.",
      demo: true,
      body: DemoRequestBody,
      examples: [{ body: { name: 'Jane Example', company: 'Example Bank', email: 'jane@example.com', phone: '+44 20 7946 0000', message: 'We screen about 2,000 customers a month.' } }],
      attack: DEMO_ATTACK,
      async handler({ deps, org, auth, body }) {
        const sent = await sendDemoRequest(deps, org, auth, body);
        return done('demo_request_sent', sent, { email: sent.email });
      },
    }),
  ];
}
