/**
 * PDF reports, drawn with pdfkit the same way by every report of the product (a screening case's, a media
 * case's, the ongoing monitoring report): A4 with 48pt margins, the organisation's white-label mark and name
 * (docs/white-label.md), a title in its colour with the organisation and who asked for it, headed sections
 * of label-value rows, and "page n of m" in every page's footer. The reports are in English, the language of
 * the audit trail. pdfkit's built-in Helvetica covers Latin-1 only, so other scripts are transliterated
 * (any-ascii) rather than drawn as empty boxes.
 */
import PDFDocument from 'pdfkit';
import anyAscii from 'any-ascii';

import { BRAND_MARKS, PARTNER_NAMES, schemeColours, schemeOf } from '../../common/brands';
import { BRAND_COLOURS, type WhiteLabel } from '../../common/organisation';
import { translate } from '../i18n';

/** The default scheme's primary colour; a report takes its own scheme's colours from pdfReport's `brand`. */
export const BRAND = BRAND_COLOURS.default;
export const MUTED = '#555555';
/** The left margin, where every line starts. */
export const LEFT = 48;

/** Latin-1 passes as is; anything else becomes its closest ASCII. */
export const latin = (text: unknown): string =>
  String(text ?? '')
    .split('')
    .map((ch) => (ch.charCodeAt(0) <= 0xff ? ch : anyAscii(ch)))
    .join('');

/** A moment to the minute, in UTC ("2026-10-07 14:05 UTC"); '-' for none. */
export const utcStamp = (iso: string | null) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '-');

/**
 * A report's document and its drawing helpers. `labelWidth` is the width of a row's label column; the value
 * column starts after it.
 */
export function pdfReport(info: {
  title: string;
  organisation: string;
  labelWidth?: number;
  /** The organisation's white-label scheme (organisation detail's white_labeling_for); null: the default one. */
  brand?: WhiteLabel | null;
}) {
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, bufferPages: true, info: { Title: info.title, Author: latin(info.organisation) } });
  const width = doc.page.width - 2 * LEFT;
  const labelWidth = info.labelWidth ?? 160;
  const scheme = schemeOf(info.brand);
  // Titles and headings in the solid shade: 4.5:1 on white like the screens' text in the brand colour.
  const colours = schemeColours(scheme);
  const brandName = scheme === 'default' ? translate('en', 'app.name') : PARTNER_NAMES[scheme];

  /** The scheme's mark, `size` points square, its top left corner at x, y: the same path data the screens draw. */
  const logo = (x: number, y: number, size: number) => {
    const mark = BRAND_MARKS[scheme];
    doc.save().translate(x, y).scale(size / 32);
    doc.path(mark.tile).fill(colours.primary);
    doc.path(mark.glyph).fill('#ffffff');
    doc.restore();
  };

  /** The report's mark and brand, its title, then the organisation, what it is about and who generated it when. */
  const title = (text: string, about: string, generatedBy: string) => {
    const top = doc.y;
    logo(LEFT, top, 22);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(colours.fg).text(latin(brandName), LEFT + 30, top + 6, { lineBreak: false });
    doc.x = LEFT;
    doc.y = top + 36;
    doc.font('Helvetica-Bold').fontSize(20).fillColor(colours.solid.colour).text(text, LEFT);
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`${latin(info.organisation)}  ·  ${about}  ·  generated ${utcStamp(new Date().toISOString())} by ${latin(generatedBy)}`);
  };

  /** A section's heading, underlined; a new page first when too little of this one is left for its first rows. */
  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(colours.solid.colour).text(latin(text), LEFT);
    doc.moveTo(LEFT, doc.y + 2).lineTo(LEFT + width, doc.y + 2).lineWidth(0.75).strokeColor(colours.primary).stroke();
    doc.lineWidth(1);
    doc.moveDown(0.4).fillColor('black');
  };

  /** Label-value rows; a missing or empty value shows as '-'. */
  const pairs = (rows: [string, unknown][]) => {
    for (const [label, value] of rows) {
      if (doc.y > doc.page.height - 80) doc.addPage();
      const y = doc.y;
      const page = doc.page;
      doc.font('Helvetica-Bold').fontSize(9.5).fillColor(MUTED).text(latin(label), LEFT, y, { width: labelWidth });
      const labelBottom = doc.y;
      doc.font('Helvetica').fillColor('black').text(latin(value === undefined || value === null || value === '' ? '-' : value), LEFT + labelWidth + 4, y, { width: width - labelWidth - 4 });
      // A long value may have run onto the next page: the label's bottom belongs to the previous one then.
      doc.y = (doc.page === page ? Math.max(doc.y, labelBottom) : doc.y) + 2;
      doc.x = LEFT;
    }
  };

  /** Every page's footer (`${footer}  ·  page n of m`), then the end of the document. */
  const end = (footer: string) => {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The footer sits inside the bottom margin; without lifting it pdfkit would start a new page.
      doc.page.margins.bottom = 0;
      doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(`${footer}  ·  page ${i + 1} of ${range.count}`, LEFT, doc.page.height - 36, { width, align: 'center', lineBreak: false });
    }
    doc.end();
    return doc;
  };

  return { doc, width, title, heading, pairs, end, colours };
}
