/** White-label schemes: each organisation's scheme drives the brand palette, in colours that stay readable. */
import { describe, expect, it } from 'vitest';
import { BRAND_COLOURS } from '../../common/organisation';
import { systemForScheme } from '../../src/app/theme';

/** WCAG 2 contrast ratio of two #rrggbb colours, written here independently of the theme's own helper. */
function contrastRatio(a: string, b: string) {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The shade a semantic brand token points at, resolved to its colour. */
function resolved(system: ReturnType<typeof systemForScheme>, token: 'solid' | 'focus-ring') {
  const css = system.getTokenCss() as unknown as string;
  const ref = new RegExp(`--chakra-colors-brand-${token}":"var\\(--chakra-colors-brand-(\\d+)\\)`).exec(JSON.stringify(css));
  expect(ref, `brand.${token} points at a brand shade`).not.toBeNull();
  return { shade: Number(ref![1]), colour: system.token(`colors.brand.${ref![1]}`) as string };
}

describe('white-label colour schemes', () => {
  it.each([
    [null, '#5d5fec'],
    ['petroshore', '#0F70B7'],
    ['fts', '#003EFF'],
    ['meta_world', BRAND_COLOURS.meta_world],
  ] as const)('%s has primary %s, with buttons and focus rings that read against white', (scheme, colour) => {
    const system = systemForScheme(scheme);
    expect(system.token('colors.brand.500')).toBe(colour);
    // White text on a solid brand button keeps 4.5:1; a focus outline keeps 3:1 against the white cards.
    const solid = resolved(system, 'solid');
    expect(contrastRatio(solid.colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(resolved(system, 'focus-ring').colour, '#ffffff')).toBeGreaterThanOrEqual(3);
    // Hovered, Chakra shows the solid colour at 90 % over white: still 4.5:1.
    const hovered = `#${[1, 3, 5].map((i) => Math.round(parseInt(solid.colour.slice(i, i + 2), 16) * 0.9 + 255 * 0.1).toString(16).padStart(2, '0')).join('')}`;
    expect(contrastRatio(hovered, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a strong primary colour as the button colour itself', () => {
    expect(JSON.stringify(systemForScheme('fts').getTokenCss())).toContain('"--chakra-colors-brand-solid":"var(--chakra-colors-brand-500)"');
  });

  it('derives lighter and darker shades', () => {
    const system = systemForScheme('fts');
    expect(system.token('colors.brand.50')).not.toBe(system.token('colors.brand.900'));
  });
});
