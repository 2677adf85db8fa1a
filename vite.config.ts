import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT || 3000}`;

export default defineConfig({
  plugins: [react()],
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
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
