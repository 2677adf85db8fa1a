/**
 * The white-label schemes (docs/white-label.md): each scheme's name, colours and logo mark, once, for the
 * screens (src/app/theme.ts, src/components/Logo.tsx), the e-mails (server/mail) and the PDF reports
 * (server/http/pdf.ts). The marks are SVG path data in a 32 by 32 box that pdfkit draws as is
 * (`doc.path(d)`), the browser draws inline and the mailer rasterises, so the three media cannot drift.
 * The primary colours themselves are the organisation's constants (BRAND_COLOURS, common/organisation.ts).
 */
import { BRAND_COLOURS, WHITE_LABELS, type WhiteLabel } from './organisation';

/** A scheme: a partner's, or the product's own when the organisation has none. */
export type Scheme = WhiteLabel | 'default';
export const SCHEMES: readonly Scheme[] = ['default', ...WHITE_LABELS];

/** The organisation's white_labeling_for as a scheme; none (or a value this release does not know) is the default. */
export const schemeOf = (whiteLabel: string | null | undefined): Scheme => WHITE_LABELS.find((s) => s === whiteLabel) ?? 'default';

/**
 * The partner names shown beside the mark (proper names, the same in every language). The default scheme
 * shows the product's name, which is translated (`app.name`), so it has none here.
 */
export const PARTNER_NAMES: Record<WhiteLabel, string> = {
  petroshore: 'Petroshore',
  fts: 'FTS',
  meta_world: 'Meta World',
};

// ---------------------------------------------------------------------------------------------------------
// Colour arithmetic (WCAG 2)
// ---------------------------------------------------------------------------------------------------------

/** The grey of the page behind the white cards (Chakra's gray.50), where focus rings must read too. */
export const PAGE_GREY = '#fafafa';

/** `hex` moved towards black (target 0) or white (target 255) by `amount` (0 to 1). */
export function mix(hex: string, target: number, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    return Math.round(c + (target - c) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [16, 8, 0].map((shift) => {
    const c = ((n >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

export const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export type Shade = (typeof SHADES)[number];

/** The palette of a primary colour: lighter tints below 500 (the primary itself), darker shades above. */
export function brandShades(primary: string): Record<Shade, string> {
  return {
    50: mix(primary, 255, 0.92),
    100: mix(primary, 255, 0.82),
    200: mix(primary, 255, 0.64),
    300: mix(primary, 255, 0.45),
    400: mix(primary, 255, 0.22),
    500: primary,
    600: mix(primary, 0, 0.15),
    700: mix(primary, 0, 0.3),
    800: mix(primary, 0, 0.45),
    900: mix(primary, 0, 0.6),
    950: mix(primary, 0, 0.72),
  };
}

/**
 * The lightest shade from 500 up that reads against white and the grey page: `minimum` 4.5 for white text
 * on it (buttons), 3 for a focus outline or a graphic. `lighten` asks the same of the shade lightened by
 * that much, as Chakra shows a solid button while hovered (a tenth lighter).
 */
export function accessibleShade(shades: Record<Shade, string>, minimum: number, lighten = 0): Shade {
  const candidates = [500, 600, 700, 800, 900] as const;
  const ok = (shade: Shade) => contrast(mix(shades[shade], 255, lighten), '#ffffff') >= minimum && contrast(shades[shade], PAGE_GREY) >= minimum;
  return candidates.find(ok) ?? 900;
}

/** How Chakra lightens a solid button under the pointer. */
export const HOVER_LIGHTEN = 0.1;

export interface SchemeColours {
  scheme: Scheme;
  /** The partner's colour, exactly: the logo's tile. */
  primary: string;
  shades: Record<Shade, string>;
  /** Filled buttons (white text on it), links and the PDF's titles: 4.5:1 on white, hovered too. */
  solid: { shade: Shade; colour: string };
  /** Focus outlines: 3:1 on white and on the grey page. */
  focusRing: { shade: Shade; colour: string };
  /** Text in the brand colour (the wordmark, the active menu item): shade 700. */
  fg: string;
}

/** A scheme's colours: the one place where the screens, the e-mails and the PDFs get theirs. */
export function schemeColours(scheme: Scheme): SchemeColours {
  const primary = BRAND_COLOURS[scheme];
  const shades = brandShades(primary);
  const solid = accessibleShade(shades, 4.5, HOVER_LIGHTEN);
  const ring = accessibleShade(shades, 3);
  return {
    scheme,
    primary,
    shades,
    solid: { shade: solid, colour: shades[solid] },
    focusRing: { shade: ring, colour: shades[ring] },
    fg: shades[700],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Logo marks
// ---------------------------------------------------------------------------------------------------------

/** Coordinates to two decimals at most, so the path data stays short and reads the same everywhere. */
const n = (v: number) => String(Math.round(v * 100) / 100);
/** Bézier handle length of a quarter circle. */
const K = 0.5523;

/** A rounded rectangle, clockwise. */
function roundedRect(x: number, y: number, w: number, h: number, r: number) {
  const k = r * (1 - K);
  return [
    `M${n(x + r)} ${n(y)}H${n(x + w - r)}C${n(x + w - k)} ${n(y)} ${n(x + w)} ${n(y + k)} ${n(x + w)} ${n(y + r)}`,
    `V${n(y + h - r)}C${n(x + w)} ${n(y + h - k)} ${n(x + w - k)} ${n(y + h)} ${n(x + w - r)} ${n(y + h)}`,
    `H${n(x + r)}C${n(x + k)} ${n(y + h)} ${n(x)} ${n(y + h - k)} ${n(x)} ${n(y + h - r)}`,
    `V${n(y + r)}C${n(x)} ${n(y + k)} ${n(x + k)} ${n(y)} ${n(x + r)} ${n(y)}Z`,
  ].join('');
}

/**
 * An ellipse as four cubic curves; `reverse` winds it the other way, which with the nonzero rule cuts it out
 * of a shape wound the first way (a ring), while two shapes wound the same way simply overlap.
 */
function ellipse(cx: number, cy: number, rx: number, ry: number, reverse = false) {
  const [kx, ky] = [rx * K, ry * K];
  if (!reverse) {
    return `M${n(cx)} ${n(cy - ry)}C${n(cx + kx)} ${n(cy - ry)} ${n(cx + rx)} ${n(cy - ky)} ${n(cx + rx)} ${n(cy)}C${n(cx + rx)} ${n(cy + ky)} ${n(cx + kx)} ${n(cy + ry)} ${n(cx)} ${n(cy + ry)}C${n(cx - kx)} ${n(cy + ry)} ${n(cx - rx)} ${n(cy + ky)} ${n(cx - rx)} ${n(cy)}C${n(cx - rx)} ${n(cy - ky)} ${n(cx - kx)} ${n(cy - ry)} ${n(cx)} ${n(cy - ry)}Z`;
  }
  return `M${n(cx)} ${n(cy - ry)}C${n(cx - kx)} ${n(cy - ry)} ${n(cx - rx)} ${n(cy - ky)} ${n(cx - rx)} ${n(cy)}C${n(cx - rx)} ${n(cy + ky)} ${n(cx - kx)} ${n(cy + ry)} ${n(cx)} ${n(cy + ry)}C${n(cx + kx)} ${n(cy + ry)} ${n(cx + rx)} ${n(cy + ky)} ${n(cx + rx)} ${n(cy)}C${n(cx + rx)} ${n(cy - ky)} ${n(cx + kx)} ${n(cy - ry)} ${n(cx)} ${n(cy - ry)}Z`;
}

/** A band that waves `periods` times between x0 and x1 around y, `thickness` high. */
function waveBand(x0: number, x1: number, y: number, amplitude: number, thickness: number, periods: number) {
  const half = (x1 - x0) / (periods * 2);
  const edge = (top: number, from: number, dir: 1 | -1) => {
    let d = '';
    for (let i = 0; i < periods * 2; i++) {
      const a = from + dir * i * half;
      const b = a + dir * half;
      // Up on the first half-period of each period, down on the second (read left to right).
      const up = (dir === 1 ? i : periods * 2 - 1 - i) % 2 === 0;
      const peak = top + (up ? -amplitude : amplitude);
      d += `C${n(a + dir * half * 0.35)} ${n(peak)} ${n(b - dir * half * 0.35)} ${n(peak)} ${n(b)} ${n(top)}`;
    }
    return d;
  };
  return `M${n(x0)} ${n(y)}${edge(y, x0, 1)}V${n(y + thickness)}${edge(y + thickness, x1, -1)}Z`;
}

/** A slanted bar: the parallelogram of a "fast" stroke, its top edge moved `slant` forward. */
function slantedBar(x: number, y: number, length: number, height: number, slant: number) {
  return `M${n(x + slant)} ${n(y)}H${n(x + slant + length)}L${n(x + length)} ${n(y + height)}H${n(x)}Z`;
}

export interface BrandMark {
  /** The tile behind the glyph, filled with the scheme's primary colour. */
  tile: string;
  /** The glyph, white, filled with the nonzero rule. */
  glyph: string;
}

const TILE = roundedRect(0, 0, 32, 32, 7);

/**
 * The marks, original drawings: the product's peak (the mark it has always had); Petroshore's drop of oil
 * over a shoreline wave; FTS's three forward strokes of a fast transfer; Meta World's globe.
 */
export const BRAND_MARKS: Record<Scheme, BrandMark> = {
  default: { tile: TILE, glyph: 'M9 22L16 8L23 22H19L16 15.5L13 22Z' },
  petroshore: {
    tile: TILE,
    glyph: [
      'M16 4.5C14.2 8.2 10 12.6 10 16.8C10 20.3 12.7 22.8 16 22.8C19.3 22.8 22 20.3 22 16.8C22 12.6 17.8 8.2 16 4.5Z',
      waveBand(5.5, 26.5, 25.2, 1.3, 2.3, 2),
    ].join(''),
  },
  fts: {
    tile: TILE,
    glyph: [slantedBar(9.5, 8, 12, 3.6, 2.2), slantedBar(6, 14.2, 17.5, 3.6, 2.2), slantedBar(9.5, 20.4, 12, 3.6, 2.2)].join(''),
  },
  meta_world: {
    tile: TILE,
    glyph: [
      ellipse(16, 16, 10.5, 10.5),
      ellipse(16, 16, 8.6, 8.6, true),
      ellipse(16, 16, 4.7, 10.5),
      ellipse(16, 16, 2.9, 8.6, true),
      roundedRect(6, 15.05, 20, 1.9, 0.3),
    ].join(''),
  },
};

/** The mark as a standalone SVG file (public/brands/<scheme>.svg, the favicon). */
export function brandSvg(scheme: Scheme): string {
  const mark = BRAND_MARKS[scheme];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="${mark.tile}" fill="${BRAND_COLOURS[scheme]}"/><path d="${mark.glyph}" fill="#ffffff"/></svg>\n`;
}

/** Where the browser finds a scheme's mark as a file. */
export const brandIconPath = (scheme: Scheme) => `/brands/${scheme}.svg`;
