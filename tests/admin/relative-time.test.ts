/** Section 9's relative times for the notifications panel: just now, minutes, hours, days, weeks. */
import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/lib/relativeTime';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relative time', () => {
  it.each([
    [0, 'just_now', 0],
    [59 * S, 'just_now', 0],
    [60 * S, 'minutes', 1],
    [59 * M + 59 * S, 'minutes', 59],
    [H, 'hours', 1],
    [23 * H + 59 * M, 'hours', 23],
    [D, 'days', 1],
    [6 * D + 23 * H, 'days', 6],
    [7 * D, 'weeks', 1],
    [20 * D, 'weeks', 2],
    [400 * D, 'weeks', 57],
  ] as const)('%i ms ago is %s (%i)', (elapsed, unit, count) => {
    expect(relativeTime(ago(elapsed), now)).toEqual({ unit, count });
  });

  it('says "just now" for a time slightly ahead of the browser clock', () => {
    expect(relativeTime(new Date(now + 5 * S).toISOString(), now)).toEqual({ unit: 'just_now', count: 0 });
  });
});
