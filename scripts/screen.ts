/**
 * Screen one name from the command line and print the top matches with their
 * explanations: `npm run screen -- "name" [options]`
 *   --type person|company|location   (default person)
 *   --dob YYYY[-MM[-DD]]   --country CC (repeatable)   --residence CC   --nationality CC
 *   --gender male|female   --id TEXT   --score N (match score %, default DEFAULT_MATCH_SCORE)
 *   --exact   --no-akas   --rca   --db sanctions|pep|warnings_and_regulatory_enforcement (repeatable)
 *   --limit N (default 10)   --json
 * Lists are read from LISTS_DIR (default ../shared/data/lists).
 */
import { resolve } from 'node:path';
import { createScreeningEngine, DEFAULT_MATCH_SCORE, ScreeningInputError, type ScreeningQuery } from '../server/screening/index';
import type { Database } from '../common/enums';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const many = (name: string) => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]] : []));
const valueFlags = new Set(['--type', '--dob', '--country', '--residence', '--nationality', '--gender', '--id', '--score', '--db', '--limit']);
const term = args.find((a, i) => !a.startsWith('--') && !valueFlags.has(args[i - 1] ?? ''));

if (!term) {
  console.error('usage: npm run screen -- "name" [--type person|company|location] [--dob YYYY-MM-DD] [--country CC] [--nationality CC] [--gender male|female] [--id TEXT] [--score N] [--exact] [--no-akas] [--rca] [--db DATABASE] [--limit N] [--json]');
  process.exit(2);
}

const query: ScreeningQuery = {
  search_term: term,
  entity_type: (opt('--type') ?? 'person') as ScreeningQuery['entity_type'],
  countries: many('--country'),
  residence_countries: many('--residence'),
  nationality: opt('--nationality'),
  gender: opt('--gender') as ScreeningQuery['gender'],
  unique_identifier: opt('--id'),
  match_score: opt('--score') ? Number(opt('--score')) : undefined,
  exact_match: args.includes('--exact'),
  match_akas: !args.includes('--no-akas'),
  match_rca: args.includes('--rca'),
  databases: many('--db').length ? (many('--db') as Database[]) : undefined,
  limit: Number(opt('--limit') ?? 10),
};
const dob = opt('--dob');
if (dob) {
  const [year, month, day] = dob.split('-').map(Number);
  query.date_of_birth = { year, month: month || undefined, day: day || undefined };
}

const listsDir = resolve(process.env.LISTS_DIR ?? resolve(import.meta.dirname, '../../shared/data/lists'));
const engine = createScreeningEngine({ listsDir });
try {
  await engine.ready();
  const result = engine.screen(query);
  if (args.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.log(`"${term}" (${query.entity_type}), threshold ${result.match_score}% (default ${DEFAULT_MATCH_SCORE}%): ${result.hits.length} hit(s), ${result.candidates} candidates scored in ${result.took_ms} ms`);
    for (const [i, h] of result.hits.entries()) {
      console.log(`\n${i + 1}. ${h.score}%  ${h.name}  [${h.entity_id}]`);
      console.log(`   ${h.kind}, ${h.database}, ${h.source}${h.programs.length ? ` (${h.programs.join(', ')})` : ''}`);
      if (h.matched_name !== h.name) console.log(`   matched name: ${h.matched_name}`);
      console.log(`   relevance: ${h.relevance.join(', ')}${h.countries.length ? `; countries: ${h.countries.join(', ')}` : ''}`);
      for (const f of h.explanation) {
        const sign = f.contribution > 0 ? '+' : '';
        console.log(`   - ${f.feature.padEnd(17)} ${(sign + f.contribution.toFixed(3)).padStart(7)}  query "${f.query_value}"  list "${f.candidate_value}"${f.detail ? `  (${f.detail})` : ''}`);
      }
    }
  }
} catch (error) {
  if (error instanceof ScreeningInputError) {
    console.error(`invalid input: ${error.message}`);
    process.exitCode = 2;
  } else throw error;
} finally {
  await engine.close();
}
