/**
 * The ongoing monitoring report (get-ongoing-pdf-report; docs/monitoring-configuration.md, "Report"): the
 * organisation's configuration, then every case monitored in the period (monitored now, or with alerts
 * gathered or sent in it, which includes cases whose period ended in it) with its reference, name, when
 * monitoring started, when it ends (or ended), and the findings gathered and sent in the period. Drawn with
 * pdfkit like every report (server/http/pdf.ts): in English, the language of the audit trail, with other
 * scripts transliterated.
 */
import { monitoringEndsAt, type MonitoringSettings, type MonitoringSettingsView } from '../../common/monitoring';
import type { WhiteLabel } from '../../common/organisation';
import type { OrgDb } from '../db/tenant';
import { LEFT, MUTED, latin, pdfReport, utcStamp as stamp } from '../http/pdf';
import { monitoringOn } from '../case-store/views';

/** The period's last moment worth naming: its end, or now for a period that runs on (all time ends a year ahead). */
const lastDay = (range: { from: Date; to: Date }) => new Date(Math.max(range.from.getTime(), Math.min(range.to.getTime() - 1, Date.now())));

export interface ReportRange {
  from: Date;
  /** Exclusive. */
  to: Date;
  /** The reader's Date.getTimezoneOffset(), to name the period's days as the reader's calendar does. */
  tzOffset: number;
}

export interface MonitoredCaseRow {
  reference: string;
  name: string;
  /** When the current (or the ended) period started. */
  started_at: string | null;
  /** When it ends, or ended. */
  ends_at: string | null;
  /** Monitoring is still on. */
  active: boolean;
  /** Findings gathered in the period: alerts, new hits, changed records. */
  gathered: number;
  new_hits: number;
  updated_records: number;
  /** Findings alerts sent (delivered by a digest) in the period. */
  sent: number;
}

/** The cases monitored in the period, by reference. */
export async function monitoredCasesIn(org: OrgDb, range: ReportRange, settings: MonitoringSettings): Promise<MonitoredCaseRow[]> {
  const rows = await org.query(
    `WITH alerts AS (
       SELECT a.case_id,
              count(*) FILTER (WHERE a.kind = 'findings' AND a.created_at >= $1 AND a.created_at < $2)::int AS gathered,
              COALESCE(sum(CASE WHEN a.kind = 'findings' AND a.created_at >= $1 AND a.created_at < $2 THEN (a.details->>'new_hits')::int END), 0)::int AS new_hits,
              COALESCE(sum(CASE WHEN a.kind = 'findings' AND a.created_at >= $1 AND a.created_at < $2 THEN (a.details->>'updated_records')::int END), 0)::int AS updated_records,
              count(*) FILTER (WHERE a.kind = 'findings' AND a.delivered_at >= $1 AND a.delivered_at < $2)::int AS sent,
              max(a.details->>'started_at') FILTER (WHERE a.kind = 'ended') AS ended_started_at,
              max(a.details->>'ended_at') FILTER (WHERE a.kind = 'ended') AS ended_at
         FROM monitoring_alerts a
        WHERE a.organisation_id = $org AND ((a.created_at >= $1 AND a.created_at < $2) OR (a.delivered_at >= $1 AND a.delivered_at < $2))
        GROUP BY a.case_id)
     SELECT c.reference, c.search_term, c.monitoring_started_at, al.gathered, al.new_hits, al.updated_records, al.sent, al.ended_started_at, al.ended_at,
            (${monitoringOn('aml_monitoring')} OR ${monitoringOn('adverse_media_monitoring')}) AS active
       FROM cases c LEFT JOIN alerts al ON al.case_id = c.id
      WHERE c.organisation_id = $org AND NOT c.is_deleted
        AND (al.case_id IS NOT NULL OR ${monitoringOn('aml_monitoring')} OR ${monitoringOn('adverse_media_monitoring')})
      ORDER BY c.reference`,
    [range.from, range.to],
  );
  return rows.map((r) => {
    const started = r.active && r.monitoring_started_at ? new Date(r.monitoring_started_at).toISOString() : (r.ended_started_at ?? null);
    const endsAt = r.active ? (started ? monitoringEndsAt(new Date(started), settings).toISOString() : null) : (r.ended_at ?? null);
    return {
      reference: r.reference,
      name: r.search_term,
      started_at: started,
      ends_at: endsAt,
      active: Boolean(r.active),
      gathered: r.gathered ?? 0,
      new_hits: r.new_hits ?? 0,
      updated_records: r.updated_records ?? 0,
      sent: r.sent ?? 0,
    };
  });
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "7 October 2026", never 7/10/2026; the day as the reader's calendar (tzOffset) has it. */
function day(iso: string | Date | null, tzOffset = 0) {
  if (!iso) return '-';
  const d = new Date(new Date(iso).getTime() - tzOffset * 60_000);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const FREQUENCIES: Record<string, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  'bi-weekly': 'Every two weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  'semi-annually': 'Every six months',
  annually: 'Once a year',
};
const CHANNELS: Record<string, string> = { in_app: 'In the app', email: 'E-mail', webhooks: 'Web hooks' };

function durationText(s: MonitoringSettings) {
  if (s.duration === 'custom') return `Until ${day(`${s.custom_end_date}T00:00:00Z`)} (custom end date)`;
  return `${s.duration} days from when monitoring is switched on`;
}

interface ReportInput {
  organisation: string;
  /** The organisation's white-label scheme (its white_labeling_for): the report's mark and colours. */
  brand?: WhiteLabel | null;
  generatedBy: string;
  range: ReportRange;
  view: MonitoringSettingsView;
  cases: MonitoredCaseRow[];
}

export function renderMonitoringReport(input: ReportInput): PDFKit.PDFDocument {
  const { doc, width, title, heading, pairs, end } = pdfReport({ title: 'Ongoing monitoring report', organisation: input.organisation, brand: input.brand });
  const period = `${day(input.range.from, input.range.tzOffset)} - ${day(lastDay(input.range), input.range.tzOffset)}`;

  title('Ongoing monitoring report', period, input.generatedBy);

  const v = input.view;
  heading('Configuration');
  pairs([
    ['Duration', durationText(v)],
    ['Alert frequency', FREQUENCIES[v.alert_frequency] ?? v.alert_frequency],
    ['Channels', v.channels.map((c) => CHANNELS[c] ?? c).join(', ')],
    ['Last digest', stamp(v.last_digest_at)],
    ['Next digest', v.next_digest_at ? stamp(v.next_digest_at) : 'when the next alert is gathered'],
    ['Alerts waiting', v.pending_alerts],
    ['Monitored cases now', v.monitored_cases],
    ['Saved', v.updated_at ? `${stamp(v.updated_at)}${v.updated_by ? ` by ${v.updated_by.name}` : ''}` : 'never (the defaults apply)'],
  ]);

  const totals = input.cases.reduce(
    (t, c) => ({ gathered: t.gathered + c.gathered, new_hits: t.new_hits + c.new_hits, updated: t.updated + c.updated_records, sent: t.sent + c.sent }),
    { gathered: 0, new_hits: 0, updated: 0, sent: 0 },
  );
  heading(`Monitored cases (${input.cases.length})`);
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor('black')
    .text(
      `In the period: ${totals.gathered} findings gathered (${totals.new_hits} new hits, ${totals.updated} changed records), ${totals.sent} sent.`,
      LEFT,
      undefined,
      { width },
    );
  doc.moveDown(0.5);

  // A table: reference, name, since, ends, gathered (hits / records), sent.
  const columns = [
    { label: 'Reference', x: LEFT, w: 92 },
    { label: 'Name', x: 142, w: 130 },
    { label: 'Monitoring since', x: 274, w: 72 },
    { label: 'Ends on', x: 348, w: 72 },
    { label: 'Findings gathered', x: 422, w: 76 },
    { label: 'Sent', x: 500, w: 47 },
  ];
  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED);
    for (const col of columns) doc.text(col.label, col.x, y, { width: col.w });
    doc.y = y + 22;
    doc.moveTo(LEFT, doc.y - 4).lineTo(LEFT + width, doc.y - 4).strokeColor('#dddddd').stroke();
  };
  if (!input.cases.length) {
    doc.font('Helvetica').fontSize(10).fillColor('black').text('No case was monitored in this period.', LEFT);
  } else header();
  for (const c of input.cases) {
    if (doc.y > doc.page.height - 80) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    const cells = [
      c.reference,
      c.name,
      day(c.started_at),
      c.active ? day(c.ends_at) : `ended ${day(c.ends_at)}`,
      c.gathered ? `${c.gathered} (${c.new_hits} new hits, ${c.updated_records} changed)` : '0',
      String(c.sent),
    ];
    let bottom = y;
    doc.font('Helvetica').fontSize(8.5).fillColor('black');
    cells.forEach((text, i) => {
      doc.text(latin(text), columns[i].x, y, { width: columns[i].w });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
    doc.x = LEFT;
  }

  return end(`Ongoing monitoring  ·  ${period}`);
}

export const reportFileName = (range: ReportRange) => {
  const d = (x: Date) => new Date(x.getTime() - range.tzOffset * 60_000).toISOString().slice(0, 10);
  return `monitoring-report-${d(range.from)}-${d(lastDay(range))}.pdf`;
};
