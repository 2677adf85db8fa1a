#!/usr/bin/env node
// `npm start`: build the SPA, then run the API server that also serves it.
// Set SKIP_BUILD=1 to reuse an existing dist/ (the end-to-end tests do).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;

const distDir = process.env.DIST_DIR || 'dist';
if (process.env.SKIP_BUILD !== '1' || !existsSync(`${distDir}/index.html`)) {
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(bin('tsx'), ['server/main.ts'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
