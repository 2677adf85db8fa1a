import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@common': here('./common'),
      '@machines': here('./machines'),
      '@locales': here('./locales'),
    },
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    // expect.poll waits for something asynchronous (an event, a background pass): give it room on a
    // loaded machine instead of the one-second default; a condition that holds returns at once.
    expect: { poll: { timeout: 20_000 } },
    hookTimeout: 60_000,
    // Two cores: run files two at a time so PGlite start-ups do not starve each other.
    maxWorkers: 2,
  },
});
