#!/usr/bin/env node
/**
 * Makes sure the browser the Playwright suite drives is there before `npm test` spends minutes on
 * the other tests. Playwright cannot download its own browsers here, so the suite uses Debian's
 * Chromium (/usr/bin/chromium, or CHROMIUM_PATH). When it is missing: as root, install it with
 * apt-get; otherwise stop at once and print the exact command to run.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMANDS = [
  ['apt-get', ['update']],
  ['apt-get', ['install', '-y', 'chromium']],
];
const SUDO_HINT = 'sudo apt-get update && sudo apt-get install -y chromium';

/**
 * What to do, from the facts alone (so it can be tested without a browser or root):
 * 'ok' (the browser is there), 'install' (run INSTALL_COMMANDS, then look again) or 'fail' (a message to print).
 */
export function decide({ env, exists, isRoot, hasAptGet }) {
  const configured = env.CHROMIUM_PATH?.trim();
  const path = configured || DEFAULT_CHROMIUM;
  if (exists(path)) return { action: 'ok', path };
  if (configured) {
    // The user chose a browser; installing Debian's would not make that path appear.
    return {
      action: 'fail',
      message: `CHROMIUM_PATH is set to ${configured}, but no executable is there. Point CHROMIUM_PATH at Chromium, or unset it to use ${DEFAULT_CHROMIUM} (${SUDO_HINT}).`,
    };
  }
  if (!hasAptGet) {
    return { action: 'fail', message: `Chromium is missing (${DEFAULT_CHROMIUM}) and apt-get is not available. Install Chromium and set CHROMIUM_PATH to it.` };
  }
  if (!isRoot) return { action: 'fail', message: `Chromium is missing (${DEFAULT_CHROMIUM}). Install it with:\n\n  ${SUDO_HINT}\n\nor set CHROMIUM_PATH to an installed Chromium, then run the tests again.` };
  return { action: 'install', path };
}

/** Runs the decision; returns the process exit code. Every effect comes in through `io`, for tests. */
export function ensureChromium(io) {
  const { env, exists, isRoot, hasAptGet, run, log, error } = io;
  const decision = decide({ env, exists, isRoot, hasAptGet });
  if (decision.action === 'ok') return 0;
  if (decision.action === 'fail') {
    error(decision.message);
    return 1;
  }
  log(`Chromium is missing (${decision.path}); installing it with apt-get (running as root).`);
  for (const [command, args] of INSTALL_COMMANDS) {
    const status = run(command, args);
    if (status !== 0) {
      error(`\`${command} ${args.join(' ')}\` failed (exit ${status}). Install Chromium by hand: ${SUDO_HINT}`);
      return 1;
    }
  }
  if (!exists(decision.path)) {
    error(`apt-get finished but ${decision.path} is still missing. Install Chromium by hand and set CHROMIUM_PATH to it.`);
    return 1;
  }
  log(`Chromium installed at ${decision.path}.`);
  return 0;
}

const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const hasCommand = (name) => (process.env.PATH ?? '').split(':').some((dir) => dir && isExecutable(`${dir}/${name}`));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = ensureChromium({
    env: process.env,
    exists: isExecutable,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasAptGet: hasCommand('apt-get'),
    run: (command, args) => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status ?? 1,
    log: (m) => console.log(m),
    error: (m) => console.error(m),
  });
  process.exit(code);
}
