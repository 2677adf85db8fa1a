/**
 * The first start's sample media cases (docs/media-watcher.md, "Sample cases"): once the corpus job has
 * loaded the shared corpus, three searches of Northwind's administrator are stored as media cases, so a
 * newcomer sees Media Manage Case, a case's detail page and its report at work. Made once: start.ts asks
 * for them on the first start only (requestSampleCases) and the corpus job's hook takes the request.
 * They are samples, so no credit is spent on them.
 */
import type { MediaQuery } from '../../common/media';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { forOrganisation } from '../db/tenant';
import type { Deps } from '../deps';
import { takeSampleCasesRequest } from '../media-corpus/corpus-job';
import { searchArticles } from '../media-corpus/search';
import { insertMediaCase, setArticleStatuses, setMediaCasesRead, updateMediaCase } from './data';

interface SampleCase {
  name: string;
  query: MediaQuery;
  articles: number;
  review?: { case_status: 'Passed' | 'For Review' | 'Failed'; risk_level: 'High' | 'Medium' | 'Low' | 'Unknown'; truePositives: number; falsePositives: number };
  read?: boolean;
}

export const SAMPLE_MEDIA_CASES: SampleCase[] = [
  {
    name: 'Fraud exposure review',
    query: { keywords: [{ term: 'fraud', mode: 'all' }, { term: 'sentenced', mode: 'any' }, { term: 'pleaded guilty', mode: 'any' }], match: 'broad', sort: 'relevance', adverse_only: true },
    articles: 8,
    review: { case_status: 'Failed', risk_level: 'High', truePositives: 3, falsePositives: 1 },
    read: true,
  },
  {
    name: 'Money laundering, exact phrase',
    query: { keywords: [{ term: 'money laundering', mode: 'all' }, { term: 'sanctions', mode: 'exclude' }], match: 'exact', sort: 'date' },
    articles: 6,
  },
  {
    name: 'Взятки и мошенничество',
    query: { keywords: [{ term: 'взятка', mode: 'any' }, { term: 'мошенничество', mode: 'any' }], match: 'broad', languages: ['ru'], sort: 'relevance' },
    articles: 5,
  },
];

/** Northwind's administrator, who makes the samples; null once that account is gone. */
async function sampleOwner(db: Db, config: Config) {
  return db.one<{ organisation_id: string; id: string }>(
    `SELECT u.organisation_id, u.id FROM users u JOIN organisations o ON o.id = u.organisation_id
      WHERE o.slug = 'northwind' AND 'media_watcher' = ANY(o.service_types) AND lower(u.email) = lower($1)`,
    [config.adminEmail],
  );
}

/** Stores the sample cases; answers their references. */
export async function seedSampleMediaCases(deps: Pick<Deps, 'db' | 'config'>): Promise<string[]> {
  const owner = await sampleOwner(deps.db, deps.config);
  if (!owner) return [];
  const org = forOrganisation(deps.db, owner.organisation_id);
  const references: string[] = [];
  for (const sample of SAMPLE_MEDIA_CASES) {
    const { results } = await searchArticles(org, sample.query, { offset: 0, limit: sample.articles });
    if (!results.length) continue;
    const reference = await org.transaction(async (tx) => {
      const created = await insertMediaCase(tx, { name: sample.name, query: sample.query, articleIds: results.map((r) => r.id), userId: owner.id });
      if (sample.review) {
        const row = { id: created.id };
        await updateMediaCase(tx, row, { case_status: sample.review.case_status, risk_level: sample.review.risk_level });
        const decisions = [
          ...results.slice(0, sample.review.truePositives).map((r) => ({ id: r.id, match_status: 'True Positive' as const })),
          ...results.slice(sample.review.truePositives, sample.review.truePositives + sample.review.falsePositives).map((r) => ({ id: r.id, match_status: 'False Positive' as const })),
        ];
        if (decisions.length) await setArticleStatuses(tx, created.id, owner.id, decisions);
      }
      if (sample.read) await setMediaCasesRead(tx, [created.id], true);
      return created.reference;
    });
    references.push(reference);
  }
  return references;
}

/** The corpus job's hook: makes the samples when the first start asked for them. */
export async function seedMediaCasesAfterLoad(deps: Deps): Promise<void> {
  if (!(await takeSampleCasesRequest(deps.db))) return;
  const references = await seedSampleMediaCases(deps);
  if (references.length) deps.log.info(`media: sample media cases ${references.join(', ')} created`);
}
