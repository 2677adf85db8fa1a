/**
 * The check `npm test` runs first: with Chromium there it does nothing; without it, root installs
 * it with apt-get and anyone else is stopped at once with the command to run.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHROMIUM, decide, ensureChromium, type ChromiumIo } from '../../scripts/ensure-chromium.mjs';

function io(overrides: Partial<ChromiumIo> & { installs?: boolean; failing?: string } = {}) {
  const present = new Set<string>();
  const ran: string[] = [];
  const out: string[] = [];
  const err: string[] = [];
  const base: ChromiumIo = {
    env: {},
    exists: (p) => present.has(p),
    isRoot: false,
    hasAptGet: true,
    run: (command, args) => {
      const line = [command, ...args].join(' ');
      ran.push(line);
      if (overrides.failing && line.includes(overrides.failing)) return 100;
      if (overrides.installs !== false && line === 'apt-get install -y chromium') present.add(DEFAULT_CHROMIUM);
      return 0;
    },
    log: (m) => out.push(m),
    error: (m) => err.push(m),
  };
  return { io: { ...base, ...overrides }, present, ran, out, err };
}

describe('ensure-chromium', () => {
  it('does nothing when Chromium is where the tests look', () => {
    const h = io({ isRoot: true });
    h.present.add(DEFAULT_CHROMIUM);
    expect(ensureChromium(h.io)).toBe(0);
    expect(h.ran).toEqual([]);
    expect(h.err).toEqual([]);
  });

  it('honours CHROMIUM_PATH', () => {
    expect(decide({ env: { CHROMIUM_PATH: '/opt/chromium/chrome' }, exists: (p) => p === '/opt/chromium/chrome', isRoot: false, hasAptGet: true })).toEqual({ action: 'ok', path: '/opt/chromium/chrome' });
    // A CHROMIUM_PATH that points nowhere is the user's to fix; installing Debian's package would not help.
    const h = io({ isRoot: true, env: { CHROMIUM_PATH: '/nonexistent' } });
    expect(ensureChromium(h.io)).toBe(1);
    expect(h.ran).toEqual([]);
    expect(h.err.join('\n')).toContain('CHROMIUM_PATH is set to /nonexistent');
  });

  it('installs it with apt-get when running as root, then checks again', () => {
    const h = io({ isRoot: true });
    expect(ensureChromium(h.io)).toBe(0);
    expect(h.ran).toEqual(['apt-get update', 'apt-get install -y chromium']);
    expect(h.out.join('\n')).toContain('installing it with apt-get');
  });

  it('stops at once with the exact command when not root', () => {
    const h = io({ isRoot: false });
    expect(ensureChromium(h.io)).toBe(1);
    expect(h.ran).toEqual([]);
    expect(h.err.join('\n')).toContain('sudo apt-get update && sudo apt-get install -y chromium');
  });

  it('reports a failed or fruitless install with the command to run by hand', () => {
    const broken = io({ isRoot: true, failing: 'apt-get update' });
    expect(ensureChromium(broken.io)).toBe(1);
    expect(broken.ran).toEqual(['apt-get update']);
    expect(broken.err.join('\n')).toMatch(/apt-get update.*failed.*sudo apt-get install -y chromium/);
    const fruitless = io({ isRoot: true, installs: false });
    expect(ensureChromium(fruitless.io)).toBe(1);
    expect(fruitless.err.join('\n')).toContain('still missing');
  });

  it('without apt-get, says to install Chromium and set CHROMIUM_PATH', () => {
    const h = io({ isRoot: true, hasAptGet: false });
    expect(ensureChromium(h.io)).toBe(1);
    expect(h.ran).toEqual([]);
    expect(h.err.join('\n')).toContain('CHROMIUM_PATH');
  });
});
