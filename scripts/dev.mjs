#!/usr/bin/env node
// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot reload,
// which proxies /api and /socket.io to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT || '3000';
const children = [
  spawn('node_modules/.bin/tsx', ['watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, SERVE_STATIC: 'false', PORT: apiPort } }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
