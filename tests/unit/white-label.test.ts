/**
 * White-label schemes (docs/white-label.md): every scheme's colours read against white, its mark is the same
 * in the files, the screens, the e-mails and the PDFs, the e-mails and PDF reports of a partner's organisation
 * wear the partner's scheme, and the seeded partners exist. The API part runs on both databases.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_MARKS, HOVER_LIGHTEN, PAGE_GREY, PARTNER_NAMES, SCHEMES, brandSvg, schemeOf, type Scheme } from '../../common/brands';
import { BRAND_COLOURS, WHITE_LABELS } from '../../common/organisation';
import { LOGO_CID, brandedEmail } from '../../server/mail/layout';
import { flatten, markPng } from '../../server/mail/logo-png';
import { createMailer } from '../../server/mail/mailer';
import { pdfReport } from '../../server/http/pdf';
import { SEED_PARTNERS } from '../../server/db/seed';
import { contrast, mix, schemeColours, systemForScheme } from '../../src/app/theme';
import { ADMIN, createTestApp, roleIdByName, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';

const ROOT = join(import.meta.dirname, '..', '..');

// ---------------------------------------------------------------------------------------------------------
// Reading what the server produced
// ---------------------------------------------------------------------------------------------------------

/** The RGBA pixels of a PNG as markPng writes it (8-bit RGBA, filter 0 on every row). */
function decodePng(png: Buffer) {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.subarray(at + 4, at + 8).toString('ascii') === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const pixel = (x: number, y: number) => {
    const at = y * (width * 4 + 1) + 1 + x * 4;
    expect(raw[y * (width * 4 + 1)], 'row filter').toBe(0);
    return [...raw.subarray(at, at + 4)];
  };
  return { width, height, pixel };
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** CIELAB (D65) of a #rrggbb colour. */
function lab(hex: string) {
  const [r, g, b] = rgb(hex).map((c) => c / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const xyz = [(r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047, r * 0.2126 + g * 0.7152 + b * 0.0722, (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883];
  const [fx, fy, fz] = xyz.map((t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116));
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** The page content of a pdfkit PDF: every stream inflated, in order. */
function pdfContent(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = text.indexOf('endstream', start);
    const data = pdf.subarray(start, end);
    try {
      out.push(inflateSync(data).toString('latin1'));
    } catch {
      out.push(data.toString('latin1'));
    }
  }
  return out.join('\n');
}

/** pdfkit's operator for a fill colour (hex channels over 255). */
const fillOp = (hex: string) => `${rgb(hex)
  .map((c) => c / 255)
  .join(' ')} scn`;

/** The text drawn (standard fonts: WinAnsi bytes in hex, split by kerning), one string per TJ. */
function pdfText(content: string): string {
  return [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((m) =>
      [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((h) => Buffer.from(h[1], 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}

/** A PDF document as bytes. */
function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** A real SMTP server keeping each message as parsed (HTML and inline parts included). */
async function htmlSmtp() {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      // As sent: the logo's cid: reference kept, not replaced by the parser with a data: address.
      simpleParser(stream, { skipImageLinks: true })
        .then((parsed) => {
          messages.push(parsed);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    async next(address: string, since: number): Promise<ParsedMail> {
      await expect.poll(() => messages.slice(since).some((m) => to(m).includes(address.toLowerCase()))).toBe(true);
      return messages.slice(since).find((m) => to(m).includes(address.toLowerCase()))!;
    },
    get count() {
      return messages.length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What an e-mail in a scheme must carry: the band in the primary colour, links in the solid shade, the mark inline by cid, the name. */
function expectBranded(mail: ParsedMail, scheme: Scheme) {
  const colours = schemeColours(scheme);
  const html = String(mail.html);
  expect(html).toContain(`data-scheme="${scheme}"`);
  expect(html).toContain(`border-top:4px solid ${colours.primary}`);
  expect(html).toMatch(new RegExp(`<a href="[^"]+" style="color:${colours.solid.colour};`));
  if (scheme !== 'default') expect(html).toContain(`>${PARTNER_NAMES[scheme]}</td>`);
  // The mark travels as an inline PNG named by Content-ID, in the scheme's colour.
  expect(html).toContain(`src="cid:${LOGO_CID}"`);
  const logo = mail.attachments.find((a) => a.cid === LOGO_CID);
  expect(logo, 'the inline logo').toBeDefined();
  expect(logo!.contentType).toBe('image/png');
  expect(logo!.related, 'inline, part of the HTML').toBe(true);
  expect(decodePng(logo!.content).pixel(3, 32)).toEqual([...rgb(colours.primary), 255]);
  for (const other of SCHEMES.filter((s) => s !== scheme)) expect(html).not.toContain(`solid ${schemeColours(other).primary}`);
}

// ---------------------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------------------

describe('scheme colours', () => {
  it('are the specification\'s primaries, with meta_world distinct from the other three', () => {
    expect([...SCHEMES]).toEqual(['default', ...WHITE_LABELS]);
    expect(schemeColours('default').primary.toLowerCase()).toBe('#5d5fec');
    expect(schemeColours('petroshore').primary.toUpperCase()).toBe('#0F70B7');
    expect(schemeColours('fts').primary.toUpperCase()).toBe('#003EFF');
    // Not a shade of another scheme's colour: far apart in CIELAB (a difference of 10 is already plain to see).
    const meta = lab(BRAND_COLOURS.meta_world);
    for (const other of ['default', 'petroshore', 'fts'] as const) {
      const distance = Math.hypot(...lab(BRAND_COLOURS[other]).map((c, i) => c - meta[i]));
      expect(distance, `meta_world against ${other}`).toBeGreaterThan(50);
    }
  });

  it.each(SCHEMES)('%s: solid buttons, focus rings and brand text read against white and the grey page', (scheme) => {
    const c = schemeColours(scheme);
    // White text on a solid button (4.5:1), also while hovered (Chakra lightens it by a tenth).
    expect(contrast(c.solid.colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(mix(c.solid.colour, 255, HOVER_LIGHTEN), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // A focus outline against the white cards and the grey page (3:1).
    expect(contrast(c.focusRing.colour, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(c.focusRing.colour, PAGE_GREY)).toBeGreaterThanOrEqual(3);
    // Text in the brand colour (the wordmark, the active menu item, the e-mail's name).
    expect(contrast(c.fg, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // The logo's white glyph on its tile (a graphic: 3:1).
    expect(contrast(c.primary, '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it.each(SCHEMES)('%s: the screens\' theme uses exactly these shades', (scheme) => {
    const system = systemForScheme(scheme === 'default' ? null : scheme);
    const c = schemeColours(scheme);
    const css = JSON.stringify(system.getTokenCss());
    expect(system.token('colors.brand.500')).toBe(c.primary);
    expect(css).toContain(`"--chakra-colors-brand-solid":"var(--chakra-colors-brand-${c.solid.shade})"`);
    expect(css).toContain(`"--chakra-colors-brand-focus-ring":"var(--chakra-colors-brand-${c.focusRing.shade})"`);
    expect(system.token(`colors.brand.${c.solid.shade}`)).toBe(c.solid.colour);
  });

  it('treats no scheme and an unknown one as the default', () => {
    expect(schemeOf(null)).toBe('default');
    expect(schemeOf(undefined)).toBe('default');
    expect(schemeOf('constructor')).toBe('default');
    expect(schemeOf('fts')).toBe('fts');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Marks
// ---------------------------------------------------------------------------------------------------------

describe('logo marks', () => {
  it.each(SCHEMES)('%s: the file in public/brands is drawn from the shared path data', (scheme) => {
    expect(readFileSync(join(ROOT, 'public', 'brands', `${scheme}.svg`), 'utf8'), 'stale: run npx tsx scripts/brand-logos.ts').toBe(brandSvg(scheme));
  });

  it('the favicon is the default mark', () => {
    expect(readFileSync(join(ROOT, 'public', 'favicon.svg'), 'utf8')).toBe(brandSvg('default'));
  });

  it('every scheme has its own glyph, inside its tile', () => {
    expect(new Set(SCHEMES.map((s) => BRAND_MARKS[s].glyph)).size).toBe(SCHEMES.length);
    for (const scheme of SCHEMES) {
      const points = flatten(BRAND_MARKS[scheme].glyph).flat();
      expect(points.length).toBeGreaterThan(3);
      for (const [x, y] of points) {
        expect(x).toBeGreaterThanOrEqual(2);
        expect(x).toBeLessThanOrEqual(30);
        expect(y).toBeGreaterThanOrEqual(2);
        expect(y).toBeLessThanOrEqual(30);
      }
    }
  });

  it.each(SCHEMES)('%s: the e-mail PNG shows the tile in the primary colour, the glyph in white, corners clear', (scheme) => {
    const png = decodePng(markPng(scheme));
    expect([png.width, png.height]).toEqual([64, 64]);
    expect(png.pixel(0, 0)[3], 'rounded corner').toBe(0);
    expect(png.pixel(3, 32)).toEqual([...rgb(schemeColours(scheme).primary), 255]);
    // Somewhere in the middle the glyph is white.
    let white = 0;
    for (let y = 8; y < 56; y++) for (let x = 8; x < 56; x++) if (png.pixel(x, y).join() === '255,255,255,255') white++;
    expect(white).toBeGreaterThan(100);
  });
});

// ---------------------------------------------------------------------------------------------------------
// E-mails and PDFs, without a database
// ---------------------------------------------------------------------------------------------------------

describe('e-mail layout', () => {
  it.each(SCHEMES)('%s: the HTML carries the colour, the name and the inline mark; the text is kept', async (scheme) => {
    const smtp = await htmlSmtp();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Open AML <no-reply@example.com>', outboxDir: '/nonexistent', log: () => {} });
      const text = 'Hello Ada,\n\nOpen this link to sign in:\nhttp://app.test/secret-login/abc\n\nOpen AML back office';
      await mailer.send({ to: 'ada@example.com', subject: 'Your sign-in link', text, brand: scheme === 'default' ? null : scheme, language: 'en' });
      const mail = await smtp.next('ada@example.com', 0);
      expect(mail.text?.trim()).toBe(text);
      expectBranded(mail, scheme);
      expect(String(mail.html)).toContain('<a href="http://app.test/secret-login/abc"');
    } finally {
      await smtp.close();
    }
  });

  it('is right to left in Arabic, escapes the text, and names the product under the default scheme', () => {
    const { html } = brandedEmail({ subject: 'رمز الدخول', text: 'مرحبا <b>&</b> 123456', language: 'ar' });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('&lt;b&gt;&amp;&lt;/b&gt;');
    expect(html).toContain('<strong');
    expect(html).toContain('data-scheme="default"');
    expect(html).toMatch(/color:#4143a5">[^<]+<\/td>/);
  });
});

describe('PDF reports', () => {
  it.each(SCHEMES)('%s: the mark, the name and the coloured title and headings', async (scheme) => {
    const report = pdfReport({ title: 'Case report AML-1', organisation: 'Example', brand: scheme === 'default' ? null : scheme });
    report.title('Case report', 'AML-1', 'Ada');
    report.heading('Search information');
    report.pairs([['Searched name', 'Ada']]);
    const bytes = pdfBytes(report.end('AML-1'));
    const content = pdfContent(await bytes);
    const c = schemeColours(scheme);
    // The tile in the primary colour, then the white glyph, drawn from the mark's path (scaled to 22pt).
    expect(content).toContain(fillOp(c.primary));
    expect(content).toMatch(/0\.6875 0 0 0\.6875 0 0 cm/);
    expect(content).toContain('1 1 1 scn');
    // The title and headings in the solid shade.
    expect(content).toContain(fillOp(c.solid.colour));
    for (const other of SCHEMES.filter((s) => s !== scheme)) {
      expect(content).not.toContain(fillOp(schemeColours(other).primary));
      expect(content).not.toContain(fillOp(schemeColours(other).solid.colour));
    }
    const text = pdfText(content);
    expect(text).toContain(scheme === 'default' ? 'Open AML' : PARTNER_NAMES[scheme]);
    expect(text).toContain('Search information');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Through the API, on both databases
// ---------------------------------------------------------------------------------------------------------

const PETROSHORE = (({ email, password }) => ({ email, password }))(SEED_PARTNERS.find((p) => p.scheme === 'petroshore')!);

describe.each(DATABASE_KINDS)('white-label partners through the API on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof htmlSmtp>>;
  beforeAll(async () => {
    smtp = await htmlSmtp();
    t = await createTestApp(kind, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('seeds one organisation per partner scheme, whose administrator signs in to its scheme', async () => {
    for (const partner of SEED_PARTNERS) {
      const res = await t.call('POST', '/api/login', { body: { email: partner.email, password: partner.password } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.organisation).toMatchObject({ name: partner.organisation, white_labeling_for: partner.scheme, billing_type: 'invoice', service_types: ['aml_screening'] });
    }
    const admin = await t.call('POST', '/api/login', { body: ADMIN });
    expect(admin.body.organisation.white_labeling_for).toBeNull();
  });

  it('sends a partner user\'s e-mails in the partner\'s scheme, and everyone else\'s in the default', async () => {
    let since = smtp.count;
    expect((await t.call('POST', '/api/forgot-password', { body: { email: PETROSHORE.email } })).status).toBe(200);
    expectBranded(await smtp.next(PETROSHORE.email, since), 'petroshore');

    since = smtp.count;
    expect((await t.call('POST', '/api/forgot-password', { body: { email: ADMIN.email } })).status).toBe(200);
    expectBranded(await smtp.next(ADMIN.email, since), 'default');

    // An invitation is mailed inside the transaction that creates the user.
    const token = await t.login(PETROSHORE);
    since = smtp.count;
    const invitee = `invitee.${kind}@example.com`;
    const created = await t.call('POST', '/api/create-user', { token, body: { name: 'Ivy Invitee', email: invitee, role_id: await roleIdByName(t, 'Administrator', 'petroshore') } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expectBranded(await smtp.next(invitee, since), 'petroshore');
  });

  it('gives a signed-up organisation (no partner) the default scheme', async () => {
    const email = `signup.${kind}@example.com`;
    const signup = await t.call('POST', '/api/signup', { body: { name: 'Sam Signup', email, password: 'Signup-pass-2026!', company_name: 'Signup Limited' } });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    expect(signup.body.organisation.white_labeling_for).toBeNull();
    const since = smtp.count;
    await t.call('POST', '/api/forgot-password', { body: { email } });
    expectBranded(await smtp.next(email, since), 'default');
  });

  it('draws a partner\'s case report in the partner\'s scheme', async () => {
    const reportOf = async (account: { email: string; password: string }) => {
      const token = await t.login(account);
      const screened = await t.call('POST', '/api/search', { token, body: { search_term: 'Ayman al-Zawahri', entity_type: 'person' } });
      expect(screened.status, JSON.stringify(screened.body)).toBe(200);
      const pdf = await t.app.inject({ method: 'GET', url: `/api/generate-pdf?reference=${screened.body.reference}`, headers: { authorization: `Bearer ${token}` } });
      expect(pdf.statusCode).toBe(200);
      return pdfContent(pdf.rawPayload);
    };
    const partner = await reportOf(PETROSHORE);
    const petroshore = schemeColours('petroshore');
    expect(partner).toContain(fillOp(petroshore.primary));
    expect(partner).toContain(fillOp(petroshore.solid.colour));
    expect(pdfText(partner)).toContain('Petroshore');
    expect(partner).not.toContain(fillOp(schemeColours('default').primary));

    const northwind = await reportOf(ADMIN);
    expect(northwind).toContain(fillOp(schemeColours('default').primary));
    expect(northwind).not.toContain(fillOp(petroshore.primary));
  });
});
