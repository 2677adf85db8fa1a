/**
 * The HTML of every e-mail, around its plain text: the organisation's white-label scheme (docs/white-label.md)
 * in a header with its mark and name, a band in its primary colour, links in its accessible solid shade.
 * The text part stays the message itself, for clients that show no HTML.
 *
 * The mark travels inside the message as a PNG attachment named by Content-ID (cid:), not as a link to this
 * server nor as a data: address: most clients hold remote images back until the reader allows them, and
 * Gmail and Outlook draw no data: images and no SVG at all, while an inline cid: PNG shows at once in each.
 * Layout tables and inline styles are what mail clients render alike; colours meet WCAG AA on white.
 */
import { PARTNER_NAMES, schemeColours, schemeOf } from '../../common/brands';
import type { WhiteLabel } from '../../common/organisation';
import { translate } from '../i18n';
import { markPng } from './logo-png';

export const LOGO_CID = 'brand-logo@mail';

export interface BrandedParts {
  html: string;
  attachments: { filename: string; content: Buffer; contentType: string; cid: string; contentDisposition: 'inline' }[];
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Body text near black: 15.8:1 on white. */
const TEXT = '#1f2328';
const PAGE = '#f4f4f5';
const FONT = 'Arial, Helvetica, sans-serif';

/** One paragraph of the text: its lines kept, its addresses made links in the scheme's colour, its codes in bold. */
function paragraph(text: string, linkColour: string) {
  const html = text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) =>
      i % 2 === 1
        ? `<a href="${escape(part)}" style="color:${linkColour};text-decoration:underline;word-break:break-all">${escape(part)}</a>`
        : escape(part).replace(/\b(\d{6})\b/g, '<strong style="font-size:17px;letter-spacing:2px">$1</strong>'),
    )
    .join('')
    .replace(/\n/g, '<br>');
  return `<p style="margin:0 0 16px">${html}</p>`;
}

/**
 * The HTML part and its inline logo for a message of the given scheme (the recipient organisation's
 * white_labeling_for; none is the default scheme). Right to left for Arabic.
 */
export function brandedEmail(message: { subject: string; text: string; brand?: WhiteLabel | null; language?: string | null }): BrandedParts {
  const scheme = schemeOf(message.brand);
  const colours = schemeColours(scheme);
  const language = message.language ?? 'en';
  const rtl = language === 'ar' || (!message.language && /[\u0590-\u08ff]/.test(message.subject));
  const name = scheme === 'default' ? translate(language, 'app.name') : PARTNER_NAMES[scheme];
  const paragraphs = message.text
    .trim()
    .split(/\n{2,}/)
    .map((p) => paragraph(p, colours.solid.colour))
    .join('');
  const html = `<!DOCTYPE html>
<html lang="${escape(language)}" dir="${rtl ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escape(message.subject)}</title></head>
<body style="margin:0;padding:0;background:${PAGE}" data-scheme="${scheme}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${PAGE}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-top:4px solid ${colours.primary};border-radius:6px">
<tr><td style="padding:20px 28px 8px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="vertical-align:middle"><img src="cid:${LOGO_CID}" width="32" height="32" alt="" style="display:block;border:0;width:32px;height:32px"></td>
<td style="vertical-align:middle;padding:0 10px;font:bold 18px ${FONT};color:${colours.fg}">${escape(name)}</td>
</tr></table>
</td></tr>
<tr><td style="padding:12px 28px 12px;font:15px/1.55 ${FONT};color:${TEXT}">${paragraphs}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return {
    html,
    attachments: [{ filename: `${scheme}.png`, content: markPng(scheme), contentType: 'image/png', cid: LOGO_CID, contentDisposition: 'inline' }],
  };
}
