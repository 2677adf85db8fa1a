/**
 * An invoice as a PDF, drawn with the product's report helpers (server/http/pdf.ts) in the organisation's
 * white-label scheme: the seller (this installation's operator, server/billing/seller.ts), the buyer (the
 * billing details the invoice is addressed to), number and dates, the lines, the totals with the VAT line,
 * how to pay, and a PAID stamp once it is paid. In English, like every report of the product.
 */
import type { WhiteLabel } from '../../common/organisation';
import { LEFT, MUTED, latin, pdfReport } from '../http/pdf';
import { countryName } from '../screening/countries';
import { CREDIT_KIND_NAMES, type BuyerSnapshot, type IssuedInvoice } from './invoices';
import type { Seller } from './seller';

const amount = (cents: number, currency: string) =>
  `${currency} ${(cents / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const date = (iso: string | null) => (iso ? iso.slice(0, 10) : '-');

export interface InvoicePdfInput {
  invoice: IssuedInvoice;
  /** The details it is addressed to; null while the organisation has entered none. */
  buyer: BuyerSnapshot | null;
  vatPercent: number;
  vatCents: number;
  subtotalCents: number;
  seller: Seller;
  organisation: { name: string; white_labeling_for: WhiteLabel | null };
  generatedBy: string;
}

export function renderInvoicePdf(input: InvoicePdfInput): PDFKit.PDFDocument {
  const { invoice, buyer, seller } = input;
  const report = pdfReport({ title: `Invoice ${invoice.number}`, organisation: input.organisation.name, brand: input.organisation.white_labeling_for, labelWidth: 120 });
  const { doc, width } = report;

  report.title(`Invoice ${invoice.number}`, `issued ${date(invoice.issued_at)}`, input.generatedBy);

  // Seller and buyer side by side.
  doc.moveDown(0.8);
  const top = doc.y;
  const column = (x: number, heading: string, lines: string[]) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), x, top, { width: width / 2 - 12 });
    doc.moveDown(0.2);
    lines.forEach((line, i) => doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('black').text(latin(line), x, doc.y, { width: width / 2 - 12 }));
    return doc.y;
  };
  const sellerLines = [seller.name, ...seller.address, seller.email, ...(seller.vatNumber ? [`VAT number ${seller.vatNumber}`] : [])];
  const buyerLines = buyer
    ? [
        buyer.company_name,
        buyer.address_line1,
        ...(buyer.address_line2 ? [buyer.address_line2] : []),
        `${buyer.postcode} ${buyer.city}`,
        countryName(buyer.country),
        buyer.billing_email,
        ...(buyer.vat_number ? [`VAT number ${buyer.vat_number}`] : []),
      ]
    : [input.organisation.name, 'Billing details not entered yet'];
  const leftBottom = column(LEFT, 'From', sellerLines);
  const rightBottom = column(LEFT + width / 2 + 12, 'Bill to', buyerLines);
  doc.x = LEFT;
  doc.y = Math.max(leftBottom, rightBottom);

  report.heading('Invoice');
  // The stamp sits in the empty right half beside the invoice's dates.
  if (invoice.status === 'paid' || invoice.status === 'void') stamp(doc, invoice.status === 'paid' ? 'PAID' : 'VOID', invoice.status === 'paid' ? '#1a7f37' : '#b42318', LEFT + width - 90, doc.y + 34);
  report.pairs([
    ['Number', invoice.number],
    ['Issue date', date(invoice.issued_at)],
    ['Due date', date(invoice.due_at)],
    ['Status', invoice.status === 'paid' ? `Paid on ${date(invoice.paid_at)}` : invoice.status === 'void' ? 'Void (replaced; nothing to pay)' : 'Open'],
    ...(invoice.period_start ? ([['Period', `${date(invoice.period_start)} to ${date(invoice.period_end)}`]] as [string, string][]) : []),
  ]);

  report.heading('Lines');
  table(doc, width, invoice, input);

  report.heading('Payment');
  if (invoice.status === 'paid') {
    doc.font('Helvetica').fontSize(10).fillColor('black').text(`Paid on ${date(invoice.paid_at)}. Thank you.`, LEFT, doc.y, { width });
  } else if (invoice.status === 'void') {
    doc.font('Helvetica').fontSize(10).fillColor('black').text('This invoice was replaced and is not to be paid.', LEFT, doc.y, { width });
  } else {
    doc.font('Helvetica').fontSize(10).fillColor('black').text(`Please pay ${amount(invoice.total_cents, invoice.currency)} by bank transfer by ${date(invoice.due_at)}, quoting ${invoice.number}.`, LEFT, doc.y, { width });
    doc.moveDown(0.4);
    report.pairs(paymentRows(seller, invoice.number));
  }
  if (invoice.grants.length && invoice.status !== 'void') {
    doc.moveDown(0.6);
    const credits = invoice.grants.map((g) => `${g.credits.toLocaleString('en')} ${CREDIT_KIND_NAMES[g.kind]}`).join(', ');
    const when = invoice.status === 'paid' ? 'Credits added to your organisation with this payment' : 'Credits added to your organisation when this invoice is paid';
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`${when}: ${credits}.`, LEFT, doc.y, { width });
  }

  return report.end(`${latin(seller.name)}  ·  Invoice ${invoice.number}`);
}

/**
 * Where the transfer goes: the account name, the IBAN and BIC the operator has configured (a label with no value
 * is left out rather than printed beside a placeholder), or where to ask for the bank details while neither is.
 */
export function paymentRows(seller: Seller, reference: string): [string, string][] {
  const { accountName, iban, bic } = seller.bank;
  return [
    ['Account name', accountName],
    ...(iban ? ([['IBAN', iban]] as [string, string][]) : []),
    ...(bic ? ([['BIC', bic]] as [string, string][]) : []),
    ...(!iban && !bic ? ([['Bank details', `On request from ${seller.email}`]] as [string, string][]) : []),
    ['Reference', reference],
  ];
}

/** The lines, then subtotal, VAT and total, right-aligned in their columns. */
function table(doc: PDFKit.PDFDocument, width: number, invoice: IssuedInvoice, input: InvoicePdfInput) {
  const cols = { description: width * 0.52, quantity: width * 0.1, unit: width * 0.19, total: width * 0.19 };
  const x = { description: LEFT, quantity: LEFT + cols.description, unit: LEFT + cols.description + cols.quantity, total: LEFT + cols.description + cols.quantity + cols.unit };
  const row = (cells: [string, string, string, string], bold = false, colour = 'black') => {
    if (doc.y > doc.page.height - 100) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5).fillColor(colour);
    doc.text(latin(cells[0]), x.description, y, { width: cols.description - 8 });
    const bottom = doc.y;
    doc.text(cells[1], x.quantity, y, { width: cols.quantity - 8, align: 'right' });
    doc.text(cells[2], x.unit, y, { width: cols.unit - 8, align: 'right' });
    doc.text(cells[3], x.total, y, { width: cols.total, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 4;
    doc.x = LEFT;
  };
  const rule = () => {
    doc.moveTo(LEFT, doc.y).lineTo(LEFT + width, doc.y).strokeColor('#dddddd').stroke();
    doc.moveDown(0.3);
  };
  row(['Description', 'Qty', 'Unit price', 'Amount'], true, MUTED);
  rule();
  for (const line of invoice.lines) row([line.description, String(line.quantity), amount(line.unit_cents, invoice.currency), amount(line.total_cents, invoice.currency)]);
  rule();
  const reverseCharge = Boolean(input.buyer?.vat_number) && input.vatPercent === 0;
  row(['Subtotal', '', '', amount(input.subtotalCents, invoice.currency)]);
  row([`VAT ${input.vatPercent}%${reverseCharge ? ' (reverse charge)' : ''}`, '', '', amount(input.vatCents, invoice.currency)]);
  row(['Total', '', '', amount(invoice.total_cents, invoice.currency)], true);
  if (reverseCharge) {
    doc.moveDown(0.3);
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`Reverse charge: VAT is to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC). Recipient's VAT number: ${latin(input.buyer!.vat_number)}.`, LEFT, doc.y, { width });
  }
}

/** A rotated, framed word centred on (cx, cy); the text position is left where it was. */
function stamp(doc: PDFKit.PDFDocument, word: string, colour: string, cx: number, cy: number) {
  const keep = { x: doc.x, y: doc.y };
  doc.save();
  doc.rotate(-14, { origin: [cx, cy] });
  doc.lineWidth(2.5).roundedRect(cx - 62, cy - 22, 124, 44, 6).strokeColor(colour).stroke();
  doc.font('Helvetica-Bold').fontSize(26).fillColor(colour).text(word, cx - 62, cy - 13, { width: 124, align: 'center', lineBreak: false });
  doc.restore();
  doc.x = keep.x;
  doc.y = keep.y;
}
