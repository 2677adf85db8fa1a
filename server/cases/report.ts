/**
 * The case report as a PDF (generate-pdf for the whole case, case-report for
 * one entity), drawn with pdfkit from the stored case: search information,
 * case information, every entity with its decision and why it matched, then the
 * comments and the history. In English, with other scripts transliterated, as
 * every report (server/http/pdf.ts).
 */
import { monitoringState, type CaseDetailView, type CaseEventView, type CommentView, type HitDetailView, type HitView, type MonitoringReach } from '../../common/cases';
import type { WhiteLabel } from '../../common/organisation';
import { dateLabelKind, formatPartialDate, type PartialDate } from '../../common/partial-dates';
import { LEFT, MUTED, latin, pdfReport, utcStamp as dateText } from '../http/pdf';

const DB_NAMES: Record<string, string> = {
  sanctions: 'Sanctions',
  pep: 'PEP',
  warnings_and_regulatory_enforcement: 'Warnings and regulatory enforcement',
  adverse_media: 'Adverse media',
};

/** Dates with the month in words ("7 October 1952"), as the screens show them; never 7/10/1952. */
/** Every list that publishes the entity, each with its programmes (one line per listing when several lists do). */
function appearsOn(h: HitView): string {
  const line = (database: string, source: string, programs: string[]) => `${DB_NAMES[database] ?? database} - ${source}${programs.length ? ` (${programs.join(', ')})` : ''}`;
  if ((h.listings ?? []).length > 1) return h.listings.map((l) => line(l.database, l.source, l.programs)).join('\n');
  return line(h.appears_on.database, h.appears_on.source, h.appears_on.programs);
}

function birthText(h: HitView) {
  const text = h.birth_dates
    .map((d) => {
      const date = formatPartialDate(d, 'en-GB');
      return date && d.approximate ? `circa ${date}` : date;
    })
    .filter(Boolean)
    .join(', ');
  return text || '-';
}

/** "Date of birth" when a date names a month, "Year of birth" for years only; incorporation for companies. */
function datesLabel(dates: readonly PartialDate[], kind: string) {
  const what = kind === 'company' || kind === 'organisation' ? 'incorporation' : 'birth';
  return `${dateLabelKind(dates) === 'date' ? 'Date' : 'Year'} of ${what}`;
}

/** Monitoring as the case panel says it: off, on for the whole case, or on for some of its entities. */
function monitoringText(reach: MonitoringReach, entities: number) {
  const state = monitoringState(reach);
  if (state === 'off') return 'off';
  if (state === 'case') return 'on (the case and all its entities)';
  return `on (${reach.entities} of ${entities} ${entities === 1 ? 'entity' : 'entities'})`;
}

interface ReportInput {
  organisation: string;
  /** The organisation's white-label scheme (its white_labeling_for): the report's mark and colours. */
  brand?: WhiteLabel | null;
  generatedBy: string;
  kase: CaseDetailView;
  hits: (HitView | HitDetailView)[];
  comments: CommentView[];
  events: CaseEventView[];
  /** One entity's report rather than the whole case. */
  single?: boolean;
}

export function renderCaseReport(input: ReportInput): PDFKit.PDFDocument {
  const { doc, width, title, heading, pairs, end } = pdfReport({ title: `Case report ${input.kase.reference}`, organisation: input.organisation, brand: input.brand });

  const k = input.kase;
  title(input.single ? 'Entity report' : 'Case report', k.reference, input.generatedBy);

  heading('Search information');
  const si = k.search_input;
  pairs([
    ['Searched name', si.search_term],
    ['Entity type', si.entity_type],
    [
      datesLabel([{ year: si.birth_year, month: si.birth_month, day: si.birth_day }], si.entity_type),
      formatPartialDate({ year: si.birth_year, month: si.birth_month, day: si.birth_day }, 'en-GB') || '-',
    ],
    ['Countries', si.countries?.join(', ')],
    ['Residence countries', si.residence_countries?.join(', ')],
    ['Nationality', si.nationality],
    ['Gender', si.gender],
    ['Unique identifier', si.unique_identifier],
    ['Match score', `${k.match_score}%`],
    ['Exact match / AKAs / RCA', `${si.exact_match ? 'yes' : 'no'} / ${si.match_akas ? 'yes' : 'no'} / ${si.match_rca ? 'yes' : 'no'}`],
    ['Databases', (k.search_profile ? `profile "${k.search_profile.title}": ` : '') + k.databases.map((d) => DB_NAMES[d] ?? d).join(', ')],
    ['Lists screened', Object.keys(k.lists_version).join(', ')],
  ]);

  heading('Case information');
  pairs([
    ['Case reference', k.reference],
    ['Case status', k.case_status],
    ['Match status', k.match_status],
    ['Risk level', k.risk_level],
    ['Hits', k.hit_count],
    ['Created', `${dateText(k.created_at)} by ${k.created_by?.name ?? '-'}`],
    ['Last updated', dateText(k.updated_at)],
    ['Assignees', k.assignees.map((a) => a.name).join(', ')],
    ['Client reference', k.client_reference],
    ['National ID', k.national_id],
    ['AML monitoring', monitoringText(k.monitoring.aml, k.monitoring.of_entities)],
    ['Adverse media monitoring', monitoringText(k.monitoring.adverse_media, k.monitoring.of_entities)],
    ...(k.is_deleted ? ([['Deleted', `${dateText(k.deleted_at)} by ${k.deleted_by?.name ?? '-'}: ${k.delete_reason ?? ''}`]] as [string, unknown][]) : []),
  ]);

  heading(input.single ? 'Entity' : `Entities (${input.hits.length})`);
  if (!input.hits.length) doc.font('Helvetica').fontSize(10).text('No listed entity matched at or above the match score.');
  for (const h of input.hits) {
    if (doc.y > doc.page.height - 180) doc.addPage();
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11.5).fillColor('black').text(`${h.position}. ${latin(h.profile)}`);
    const entity = 'entity' in h ? (h.entity as Record<string, any>) : null;
    pairs([
      ['Matched name', h.matched_name],
      ['Match score', `${h.match_score}%`],
      ['Relevance', h.relevance.map((r) => r.replace('_', ' ')).join(', ')],
      ['Appears on', appearsOn(h)],
      ['Countries', h.countries.join(', ')],
      [datesLabel(h.birth_dates, h.entity_kind), birthText(h)],
      ['Match status', h.match_status],
      ['Risk level', h.risk_level],
      ['Decided', h.decided_by ? `${dateText(h.decided_at)} by ${h.decided_by.name}` : '-'],
      ...(entity
        ? ([
            ['Also known as', (entity.names ?? []).filter((n: any) => n.kind !== 'primary').map((n: any) => n.full).join('; ')],
            ['Identifiers', (entity.identifiers ?? []).map((i: any) => `${i.type} ${i.number}`).join('; ')],
            ['Addresses', (entity.addresses ?? []).map((a: any) => a.text).join('; ')],
            ['Remarks', entity.remarks],
          ] as [string, unknown][])
        : []),
    ]);
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(MUTED).text('Why it matched:', LEFT);
    for (const f of h.explanation) {
      const sign = f.contribution > 0 ? '+' : '';
      doc.font('Helvetica').fontSize(9).fillColor('black').text(
        latin(`- ${f.feature.replace('_', ' ')}: "${f.query_value}" vs "${f.candidate_value}" (${sign}${Math.round(f.contribution * 100)})${f.detail ? ` ${f.detail}` : ''}`),
        56,
        undefined,
        { width: width - 8 },
      );
    }
    doc.x = LEFT;
  }

  if (input.comments.length) {
    heading('Comments');
    for (const c of input.comments) {
      if (doc.y > doc.page.height - 80) doc.addPage();
      doc.font('Helvetica-Bold').fontSize(9.5).text(latin(`${c.author?.name ?? '-'}, ${dateText(c.created_at)}${c.entity_name ? ` on ${c.entity_name}` : ''}${c.edited ? ' (edited)' : ''}`), LEFT);
      doc.font('Helvetica').fontSize(9.5).text(latin(c.text), { width });
      doc.moveDown(0.3);
    }
  }

  heading('History');
  for (const e of input.events) {
    if (doc.y > doc.page.height - 60) doc.addPage();
    const detail = Object.entries(e.details)
      .map(([key, v]) => `${key.replace(/_/g, ' ')}: ${typeof v === 'object' && v && 'to' in (v as any) ? `${(v as any).from} -> ${(v as any).to}` : Array.isArray(v) ? v.length : String(v)}`)
      .join('; ');
    doc.font('Helvetica').fontSize(9).text(latin(`${dateText(e.created_at)}  ${e.actor?.name ?? '-'}  ${e.action.replace(/_/g, ' ')}${e.entity_name ? ` (${e.entity_name})` : ''}${detail ? `  ${detail}` : ''}`), LEFT, undefined, { width });
  }

  return end(k.reference);
}
