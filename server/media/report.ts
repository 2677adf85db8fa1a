/**
 * The media case report as a PDF (GET /api/adverse-media-report/:reference), drawn with pdfkit like the
 * screening case report (server/cases/report.ts): the case, the search that made it, then every article
 * kept with its decision, categories, sentiment, adverse keywords, address and opening lines. In English,
 * with other scripts (Russian and Arabic articles) transliterated, as every report (server/http/pdf.ts).
 */
import type { MediaCaseArticle, MediaCaseView } from '../../common/media';
import type { WhiteLabel } from '../../common/organisation';
import { LEFT, MUTED, latin, pdfReport, utcStamp as dateText } from '../http/pdf';

const dayText = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 10) : 'undated');
const label = (id: string) => id.replace(/_/g, ' ');

/** The query as a sentence: "all of: fraud; any of: bribery, kickback; none of: sport - broad, in the last 6 months". */
export function queryText(kase: MediaCaseView): string {
  const q = kase.query;
  const group = (mode: string, name: string) => {
    const terms = q.keywords.filter((k) => k.mode === mode).map((k) => `"${k.term}"`);
    return terms.length ? `${name} ${terms.join(', ')}` : '';
  };
  const parts = [group('all', 'all of'), group('any', 'any of'), group('exclude', 'none of')].filter(Boolean).join('; ');
  const filters = [
    `${q.match} match`,
    q.countries?.length ? `countries ${q.countries.join(', ')}` : '',
    q.languages?.length ? `languages ${q.languages.join(', ')}` : '',
    q.window ? `published in the last ${q.window.amount} ${q.window.unit}` : '',
    q.adverse_only ? 'adverse articles only' : '',
    `sorted by ${q.sort ?? 'relevance'}`,
  ].filter(Boolean);
  return `${parts} - ${filters.join(', ')}`;
}

export function renderMediaCaseReport(input: {
  organisation: string;
  /** The organisation's white-label scheme (its white_labeling_for): the report's mark and colours. */
  brand?: WhiteLabel | null;
  generatedBy: string;
  kase: MediaCaseView;
  articles: MediaCaseArticle[];
}): PDFKit.PDFDocument {
  const k = input.kase;
  const { doc, width, title, heading, pairs, end } = pdfReport({ title: `Media case report ${k.reference}`, organisation: input.organisation, brand: input.brand, labelWidth: 150 });

  title('Media case report', k.reference, input.generatedBy);

  heading('Case information');
  pairs([
    ['Reference', k.reference],
    ['Name', k.name],
    ['Case status', k.case_status],
    ['Risk level', k.risk_level],
    ['Articles', `${k.article_count} (${k.adverse_count} adverse)`],
    ['Categories', k.categories.map(label).join(', ')],
    ['Created', `${dateText(k.created_at)} by ${k.created_by?.name ?? '-'}`],
    ['Last updated', dateText(k.updated_at)],
    ...(k.is_deleted ? ([['Deleted', `${dateText(k.deleted_at)} by ${k.deleted_by?.name ?? '-'}: ${k.delete_reason ?? ''}`]] as [string, unknown][]) : []),
  ]);

  heading('Search');
  pairs([['Query', queryText(k)]]);

  heading(`Articles (${input.articles.length})`);
  input.articles.forEach((a, i) => {
    if (doc.y > doc.page.height - 200) doc.addPage();
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11).fillColor('black').text(`${i + 1}. ${latin(a.title)}`, LEFT, undefined, { width });
    pairs([
      ['Match status', a.match_status],
      ['Published', `${dayText(a.published_at)} - ${a.publisher ?? a.source} (${a.source})`],
      ['Language', a.language],
      ['Countries', a.countries.join(', ')],
      ['Adverse', a.adverse ? `yes: ${a.categories.map(label).join(', ')}` : 'no'],
      ['Sentiment', `${a.sentiment} (${a.sentiment_score.toFixed(2)})`],
      ['Adverse keywords', Object.entries(a.keywords).map(([category, words]) => `${label(category)}: ${words.join(', ')}`).join('; ')],
      ['Address', a.url],
    ]);
    const lead = a.snippet.map((s) => s.text).join('');
    if (lead) doc.font('Helvetica-Oblique').fontSize(9).fillColor(MUTED).text(latin(lead), LEFT, undefined, { width });
    doc.x = LEFT;
  });

  return end(k.reference);
}
