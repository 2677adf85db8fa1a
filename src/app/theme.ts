/**
 * Chakra systems, one per white-label scheme. Each defines a "brand" colour
 * palette derived from the scheme's primary colour, so components use
 * colorPalette="brand" and follow the organisation's scheme.
 */
import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import { toastAnatomy } from '@chakra-ui/react/anatomy';
import type { WhiteLabel } from '@common/organisation';
import { schemeColours, schemeOf, type Scheme, type SchemeColours } from '@common/brands';

// The colour arithmetic (shades, WCAG contrast, the accessible shade) lives in common/brands.ts, where the
// e-mails and the PDF reports take their colours from too.
export { accessibleShade, brandShades, contrast, luminance, mix, schemeColours } from '@common/brands';

function systemFor(colours: SchemeColours): SystemContext {
  const { shades } = colours;
  const solid = colours.solid.shade;
  const ring = colours.focusRing.shade;
  const config = defineConfig({
    theme: {
      tokens: {
        colors: { brand: Object.fromEntries(Object.entries(shades).map(([k, v]) => [k, { value: v }])) },
      },
      semanticTokens: {
        colors: {
          brand: {
            solid: { value: `{colors.brand.${solid}}` },
            contrast: { value: 'white' },
            fg: { value: '{colors.brand.700}' },
            muted: { value: '{colors.brand.100}' },
            subtle: { value: '{colors.brand.50}' },
            emphasized: { value: '{colors.brand.200}' },
            focusRing: { value: `{colors.brand.${ring}}` },
          },
          // Chakra's defaults fall short of WCAG AA on white: light grey focus outlines of inputs and selects
          // (2.6:1, 3:1 needed), "subtle" grey text (2.6:1) and red error text (3.8:1, 4.5:1 needed).
          gray: { focusRing: { value: `{colors.brand.${ring}}` } },
          // White text on Chakra's solid green and orange (snack bars, solid badges) reads at 3.3:1 and 3.6:1.
          green: { solid: { value: '{colors.green.700}' } },
          orange: { solid: { value: '{colors.orange.700}' } },
          fg: {
            subtle: { value: '{colors.gray.500}' },
            error: { value: '{colors.red.600}' },
          },
        },
      },
      slotRecipes: {
        // Snack bar text at full strength: Chakra dims the description to 80 %, below 4.5:1 on every colour.
        toast: { slots: toastAnatomy.keys(), base: { description: { opacity: 1 } } },
      },
    },
    globalCss: {
      'html, body': { bg: 'gray.50' },
    },
  });
  return createSystem(defaultConfig, config);
}

const systems = new Map<string, SystemContext>();

export function systemForScheme(whiteLabel: WhiteLabel | Scheme | null | undefined): SystemContext {
  const scheme = schemeOf(whiteLabel);
  let system = systems.get(scheme);
  if (!system) {
    system = systemFor(schemeColours(scheme));
    systems.set(scheme, system);
  }
  return system;
}
