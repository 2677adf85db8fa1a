/**
 * npm run paths: what a tester reads. The review dialog's chart is small
 * enough to state its paths here in full; the session's shows guards chosen
 * by call answers and by transient states.
 */
import { describe, expect, it } from 'vitest';
import { pathsReport } from '../../scripts/paths';

describe('npm run paths', () => {
  it('prints the shortest way to every state of the review dialog as numbered steps', () => {
    const report = pathsReport(['cases/review']);
    const headings = report.split('\n').filter((l) => /^\d+\. To /.test(l));
    expect(headings).toEqual([
      '1. To closed (from start, 0 steps):',
      '2. To editing (from start, 1 step):',
      '3. To submitting (from start, 3 steps):',
      '4. To saved (from start, 4 steps):',
    ]);
    const saved = report.slice(report.indexOf('4. To saved'));
    expect(saved).toBe(
      [
        '4. To saved (from start, 4 steps):',
        '   1. OPEN {"target":{"kind":"cases","references":["AML-1"]}}',
        '        closed → editing',
        '        now in: editing',
        '   2. EDIT {"patch":{"match_status":"False Positive"}}',
        '        editing: handled in place',
        '        now in: editing',
        '   3. SUBMIT',
        '        editing → submitting [if draftIsValid]',
        '        now in: submitting',
        '   4. submit answers: decided',
        '        submitting → saved',
        '        now in: saved',
      ].join('\n'),
    );
  });

  it('prints the simple paths between two states, shortest first, after the way to the first', () => {
    const report = pathsReport(['cases/review', '--from', 'editing', '--to', 'saved']);
    expect(report).toContain('To reach editing first (from start):');
    const headings = report.split('\n').filter((l) => l.startsWith('Path '));
    expect(headings.length).toBeGreaterThan(1);
    expect(headings[0]).toMatch(/^Path 1 of \d+: editing → saved \(3 steps\)$/);
    const lengths = headings.map((h) => Number(/\((\d+) steps?\)/.exec(h)![1]));
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    // A refused submit (no change in the draft) is a step of its own: the guard that did not hold is named.
    expect(report).toContain('editing: handled in place [not draftIsValid]');
  });

  it('names the guards that chose a branch, through transient states', () => {
    const report = pathsReport(['session']);
    const app = report.slice(report.indexOf('To twoFactor.app'));
    expect(app.split('\n').slice(0, 8).join('\n')).toContain(
      ['   2. login answers: code from the app asked', '        signingIn → twoFactor [if needsSecondFactor]', '        twoFactor.choosing → twoFactor.app [if usesApp]', '        now in: twoFactor.app'].join('\n'),
    );
    expect(report).toContain('Starting with a session kept from an earlier visit: restoring → refreshing [if hasStoredSession]');
    for (const state of ['signedOut.expired', 'signedOut.loggedOut', 'twoFactor.resending', 'signingOut']) expect(report).toContain(`To ${state} `);
  });

  it('says which machines exist, and refuses an unknown one', () => {
    expect(pathsReport(['--list'])).toContain('cases/review');
    expect(() => pathsReport(['nope'])).toThrow(/no machine "nope"/);
    expect(() => pathsReport(['session', '--from', 'signedIn'])).toThrow(/--from and --to go together/);
  });
});
