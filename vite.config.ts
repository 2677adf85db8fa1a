import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { localeParts } from './scripts/locale-parts.mjs';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT || 3000}`;

export default defineConfig({
  plugins: [react(), localeParts()],
  resolve: {
    alias: {
      '@common': here('./common'),
      '@machines': here('./machines'),
      '@locales': here('./locales'),
    },
  },
  server: {
    port: Number(process.env.VITE_PORT || 5173),
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: process.env.DIST_DIR || 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything index.html needs before the first page can draw goes into one file: one request, and
          // one gzip stream that compresses better than a dozen small ones. The rest stays split per route.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Loaded after sign-in only; named so that is easy to check (tests/e2e/public-bundle.spec.ts).
            { name: 'socket.io', test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/ },
          ],
        },
      },
    },
  },
});
