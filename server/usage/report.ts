/**
 * The usage report as a PDF (docs/usage-statistics.md, "The report"): the period, the totals, then a table per
 * day, per user and per outcome. Drawn with pdfkit like every report of the product (server/http/pdf.ts), in
 * English, the language of the audit trail, in the organisation's white-label scheme. The same document is
 * downloaded from the page, opened through a report link and attached to the monthly e-mail.
 */
import type { WhiteLabel } from '../../common/organisation';
import type { UsageStatistics } from '../../common/usage';
import { LEFT, MUTED, latin, pdfReport } from '../http/pdf';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "7 October 2026", never 7/10/2026. */
const dayText = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
};
const n = (value: number) => value.toLocaleString('en-GB');

const PRESET_NAMES: Record<string, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  this_month: 'This month',
  last_month: 'Last month',
  last_3_months: 'Last 3 months',
  last_6_months: 'Last 6 months',
  last_year: 'Last year',
  all_time: 'All time',
  custom: 'Custom period',
};
const ALERT_LEVELS: Record<string, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** Periods up to this many days list every day; longer ones list the days with activity. */
const EVERY_DAY_UP_TO = 92;

export const periodText = (s: UsageStatistics) => `${dayText(s.period.first_day)} - ${dayText(s.period.last_day)} (UTC)`;

export interface UsageReportInput {
  organisation: string;
  brand: WhiteLabel | null;
  /** Who asked for it: a user's name, or how it was reached (a report link, the monthly e-mail). */
  generatedBy: string;
  statistics: UsageStatistics;
}

interface Column {
  label: string;
  width: number;
  /** Numbers are right-aligned. */
  numeric?: boolean;
}

export function renderUsageReport(input: UsageReportInput): PDFKit.PDFDocument {
  const s = input.statistics;
  const { doc, width, title, heading, pairs, end } = pdfReport({ title: 'Usage report', organisation: input.organisation, labelWidth: 150, brand: input.brand });
  const period = periodText(s);

  /** A table with a header row repeated on every page it runs onto; an empty one says so instead. */
  const table = (columns: Column[], rows: string[][], empty: string) => {
    if (!rows.length) {
      doc.font('Helvetica').fontSize(10).fillColor('black').text(empty, LEFT);
      return;
    }
    const scale = width / columns.reduce((sum, c) => sum + c.width, 0);
    const xs: number[] = [];
    columns.reduce((x, c) => (xs.push(x), x + c.width * scale), LEFT);
    const header = () => {
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED);
      columns.forEach((c, i) => doc.text(c.label, xs[i], y, { width: c.width * scale - 6, align: c.numeric ? 'right' : 'left' }));
      doc.y = y + 14;
      doc.moveTo(LEFT, doc.y - 3).lineTo(LEFT + width, doc.y - 3).strokeColor('#dddddd').stroke();
    };
    header();
    for (const [r, cells] of rows.entries()) {
      if (doc.y > doc.page.height - 80) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      let bottom = y;
      // The totals row of a table is bold, like its header.
      doc.font(r === rows.length - 1 && cells[0] === 'Total' ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).fillColor('black');
      cells.forEach((text, i) => {
        doc.text(latin(text), xs[i], y, { width: columns[i].width * scale - 6, align: columns[i].numeric ? 'right' : 'left' });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom + 3;
      doc.x = LEFT;
    }
  };

  title('Usage report', period, input.generatedBy);

  heading('Period');
  pairs([
    ['Period', PRESET_NAMES[s.period.date_preset] ?? s.period.date_preset],
    ['From', dayText(s.period.first_day)],
    ['To', dayText(s.period.last_day)],
    ['Days', s.days.length],
  ]);

  const t = s.totals;
  heading('Totals');
  pairs([
    ['Searches', n(t.searches)],
    ['Hits', n(t.hits)],
    ['Decisions', n(t.decisions)],
    ['Media searches', n(t.media_searches)],
    ['Transactions', n(t.transactions)],
    ['Alerts', n(t.alerts)],
  ]);

  heading('Per outcome');
  const outcomeColumns = (label: string, counted: string): Column[] => [
    { label, width: 3 },
    { label: counted, width: 1, numeric: true },
  ];
  table(
    outcomeColumns('Case status of the searches', 'Searches'),
    [...s.outcomes.case_status.map((o) => [o.status, n(o.count)]), ['Total', n(s.outcomes.case_status.reduce((sum, o) => sum + o.count, 0))]],
    '',
  );
  doc.moveDown(0.6);
  table(
    outcomeColumns('Alert level', 'Alerts'),
    [...s.outcomes.alert_level.map((o) => [ALERT_LEVELS[o.level] ?? o.level, n(o.count)]), ['Total', n(s.outcomes.alert_level.reduce((sum, o) => sum + o.count, 0))]],
    '',
  );

  heading('Per user');
  table(
    [
      { label: 'User', width: 4 },
      { label: 'Searches', width: 1.3, numeric: true },
      { label: 'Decisions', width: 1.3, numeric: true },
      { label: 'Media searches', width: 1.6, numeric: true },
    ],
    s.users.length
      ? [
          ...s.users.map((u) => [u.user ? u.user.name : 'Removed users', n(u.searches), n(u.decisions), n(u.media_searches)]),
          ['Total', n(s.users.reduce((x, u) => x + u.searches, 0)), n(s.users.reduce((x, u) => x + u.decisions, 0)), n(s.users.reduce((x, u) => x + u.media_searches, 0))],
        ]
      : [],
    'No user searched or decided anything in this period.',
  );

  const everyDay = s.days.length <= EVERY_DAY_UP_TO;
  const listed = everyDay ? s.days : s.days.filter((d) => d.searches || d.hits || d.decisions || d.media_searches || d.transactions || d.alerts);
  heading(everyDay ? 'Per day' : 'Per day (days with activity)');
  table(
    [
      { label: 'Day (UTC)', width: 2.2 },
      { label: 'Searches', width: 1.2, numeric: true },
      { label: 'Hits', width: 1, numeric: true },
      { label: 'Decisions', width: 1.2, numeric: true },
      { label: 'Media searches', width: 1.5, numeric: true },
      { label: 'Transactions', width: 1.4, numeric: true },
      { label: 'Alerts', width: 1, numeric: true },
    ],
    listed.length
      ? [
          ...listed.map((d) => [dayText(d.day), n(d.searches), n(d.hits), n(d.decisions), n(d.media_searches), n(d.transactions), n(d.alerts)]),
          ['Total', n(t.searches), n(t.hits), n(t.decisions), n(t.media_searches), n(t.transactions), n(t.alerts)],
        ]
      : [],
    'No activity in this period.',
  );

  return end(`Usage report  ·  ${latin(input.organisation)}  ·  ${period}`);
}

/** The report's file name: usage-report-2026-04-01-2026-04-30.pdf. */
export const usageReportFileName = (s: UsageStatistics) => `usage-report-${s.period.first_day}-${s.period.last_day}.pdf`;

/** The whole document in memory (an e-mail attachment). */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
