/**
 * Chakra systems, one per white-label scheme. Each defines a "brand" colour
 * palette derived from the scheme's primary colour, so components use
 * colorPalette="brand" and follow the organisation's scheme.
 */
import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
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
  const config = defineConfig({
    theme: {
      tokens: {
        colors: { brand: Object.fromEntries(Object.entries(shades).map(([k, v]) => [k, { value: v }])) },
      },
      semanticTokens: {
        colors: {
          brand: {
            solid: { value: '{colors.brand.500}' },
            contrast: { value: 'white' },
            fg: { value: '{colors.brand.700}' },
            muted: { value: '{colors.brand.100}' },
            subtle: { value: '{colors.brand.50}' },
            emphasized: { value: '{colors.brand.200}' },
            focusRing: { value: '{colors.brand.500}' },
          },
        },
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
