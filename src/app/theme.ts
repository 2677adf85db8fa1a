/**
 * Chakra systems, one per white-label scheme. Each defines a "brand" colour
 * palette derived from the scheme's primary colour, so components use
 * colorPalette="brand" and follow the organisation's scheme.
 */
import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import { toastAnatomy } from '@chakra-ui/react/anatomy';
import { BRAND_COLOURS, type WhiteLabel } from '@common/organisation';

function mix(hex: string, target: number, amount: number): string {
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
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [16, 8, 0].map((shift) => {
    const c = ((n >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The lightest shade that still reads against white: white text on a solid
 * button needs 4.5:1 also while hovered (Chakra lightens it by a tenth), a
 * focus outline needs 3:1 against the white cards and the grey page.
 */
function accessibleShade(shades: Record<number, string>, minimum: number, lighten = 0): number {
  const candidates = [500, 600, 700, 800, 900];
  const ok = (shade: number) => contrast(mix(shades[shade], 255, lighten), '#ffffff') >= minimum && contrast(shades[shade], '#fafafa') >= minimum;
  return candidates.find(ok) ?? 900;
}

function systemFor(primary: string): SystemContext {
  const shades = {
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
  const solid = accessibleShade(shades, 4.5, 0.1);
  const ring = accessibleShade(shades, 3);
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

export function systemForScheme(scheme: WhiteLabel | null | undefined): SystemContext {
  const key = scheme ?? 'default';
  let system = systems.get(key);
  if (!system) {
    system = systemFor(BRAND_COLOURS[key]);
    systems.set(key, system);
  }
  return system;
}
