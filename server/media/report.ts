/**
 * The media case report as a PDF (GET /api/adverse-media-report/:reference), drawn with pdfkit like the
 * screening case report (server/cases/report.ts): the case, the search that made it, then every article
 * kept with its decision, categories, sentiment, adverse keywords, address and opening lines. pdfkit's
 * built-in Helvetica covers Latin-1 only, so other scripts (Russian and Arabic articles) are transliterated
 * with any-ascii rather than drawn as empty boxes; the report is in English, the language of the audit trail.
 */
import PDFDocument from 'pdfkit';
import anyAscii from 'any-ascii';
import type { MediaCaseArticle, MediaCaseView } from '../../common/media';

const BRAND = '#5d5fec';
const MUTED = '#555555';

const latin = (text: unknown): string =>
  String(text ?? '')
    .split('')
    .map((ch) => (ch.charCodeAt(0) <= 0xff ? ch : anyAscii(ch)))
    .join('');

const dateText = (iso: string | null) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '-');
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

export function renderMediaCaseReport(input: { organisation: string; generatedBy: string; kase: MediaCaseView; articles: MediaCaseArticle[] }): PDFKit.PDFDocument {
  const k = input.kase;
  const doc = new PDFDocument({ size: 'A4', margin: 48, bufferPages: true, info: { Title: `Media case report ${k.reference}`, Author: latin(input.organisation) } });
  const width = doc.page.width - 96;

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(BRAND).text(latin(text), 48);
    doc.moveTo(48, doc.y + 2).lineTo(48 + width, doc.y + 2).strokeColor('#dddddd').stroke();
    doc.moveDown(0.4).fillColor('black');
  };
  const pairs = (rows: [string, unknown][]) => {
    for (const [name, value] of rows) {
      if (doc.y > doc.page.height - 80) doc.addPage();
      const y = doc.y;
      const page = doc.page;
      doc.font('Helvetica-Bold').fontSize(9.5).fillColor(MUTED).text(latin(name), 48, y, { width: 150 });
      const labelBottom = doc.y;
      doc.font('Helvetica').fillColor('black').text(latin(value === undefined || value === null || value === '' ? '-' : value), 202, y, { width: width - 154 });
      doc.y = (doc.page === page ? Math.max(doc.y, labelBottom) : doc.y) + 2;
      doc.x = 48;
    }
  };

  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text('Media case report');
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`${latin(input.organisation)}  ·  ${k.reference}  ·  generated ${dateText(new Date().toISOString())} by ${latin(input.generatedBy)}`);

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
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11).fillColor('black').text(`${i + 1}. ${latin(a.title)}`, 48, undefined, { width });
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
    if (lead) doc.font('Helvetica-Oblique').fontSize(9).fillColor(MUTED).text(latin(lead), 48, undefined, { width });
    doc.x = 48;
  });

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits inside the bottom margin; without lifting it pdfkit would start a new page.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(`${k.reference}  ·  page ${i + 1} of ${range.count}`, 48, doc.page.height - 36, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return doc;
}
