/** White-label schemes: each organisation's scheme drives the brand palette. */
import { describe, expect, it } from 'vitest';
import { BRAND_COLOURS } from '../../common/organisation';
import { systemForScheme } from '../../src/app/theme';

describe('white-label colour schemes', () => {
  it.each([
    [null, '#5d5fec'],
    ['petroshore', '#0F70B7'],
    ['fts', '#003EFF'],
    ['meta_world', BRAND_COLOURS.meta_world],
  ] as const)('%s has primary %s', (scheme, colour) => {
    const system = systemForScheme(scheme);
    expect(system.token('colors.brand.500')).toBe(colour);
    // The solid colour of colorPalette="brand" components is the primary colour.
    expect(JSON.stringify(system.getTokenCss())).toContain('"--chakra-colors-brand-solid":"var(--chakra-colors-brand-500)"');
  });

  it('derives lighter and darker shades', () => {
    const system = systemForScheme('fts');
    expect(system.token('colors.brand.50')).not.toBe(system.token('colors.brand.900'));
  });
});
