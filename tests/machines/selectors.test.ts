/**
 * The selectors views read, checked on every snapshot the graph walk reaches:
 * a screen shows itself busy exactly while the machine waits for a call (so a
 * spinner never hangs, and no request runs behind a screen that looks idle),
 * and the selectors that decide which dialog is open agree with the states
 * that accept its events.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { findMachine } from '../../machines/catalogue';
import * as roleEditor from '../../machines/admin/role-editor.selectors';
import * as review from '../../machines/cases/review.selectors';
import * as monitoring from '../../machines/cases/monitoring.selectors';
import * as notifications from '../../machines/notifications/notifications.selectors';
import * as passwordLink from '../../machines/password-link/password-link.selectors';
import * as secretKey from '../../machines/settings/secret-key.selectors';
import * as twoFactor from '../../machines/settings/two-factor.selectors';
import * as dialog from '../../machines/shared/dialog.selectors';
import * as list from '../../machines/shared/list.selectors';
import { graphs, stateName } from './walk';

type Snap = AnyMachineSnapshot;

function snapshots(id: string): Snap[] {
  return graphs(findMachine(id)).flatMap((g) => Object.values(g.adjacency).map((v) => v.state as Snap));
}

/** A call is running: some active state invokes one. */
const waitsForCall = (s: Snap) => s.status === 'active' && s._nodes.some((n: { invoke: unknown[] }) => n.invoke.length > 0);

const BUSY: [string, (s: never) => boolean][] = [
  ['admin/role-editor', (s) => roleEditor.selectIsLoading(s) || roleEditor.selectIsSaving(s)],
  ['cases/review', (s) => review.selectIsBusy(s)],
  ['cases/monitoring', (s) => monitoring.selectIsSaving(s)],
  ['notifications', (s) => notifications.selectIsLoading(s) || notifications.selectIsLoadingMore(s)],
  ['password-link', (s) => passwordLink.selectScreen(s) === 'checking' || passwordLink.selectIsSaving(s)],
  ['settings/secret-key', (s) => secretKey.selectIsLoading(s) || secretKey.selectIsGenerating(s) || secretKey.selectIsRefreshing(s)],
  ['settings/two-factor', (s) => twoFactor.selectIsStarting(s) || twoFactor.selectIsConfirming(s) || twoFactor.selectIsDisabling(s)],
  ['shared/dialog', (s) => dialog.selectIsBusy(s)],
  ['shared/list', (s) => list.selectIsLoading(s)],
];

describe.each(BUSY)('%s selectors', (id, busy) => {
  it('show busy exactly while a call runs, in every reachable snapshot', () => {
    const wrong = snapshots(id)
      .filter((s) => busy(s as never) !== waitsForCall(s))
      .map((s) => `${stateName(s.value)}: busy=${busy(s as never)}, call running=${waitsForCall(s)}`);
    expect(wrong).toEqual([]);
  });
});

describe('dialog selectors', () => {
  it('open the review dialog in the states that take its SUBMIT or wait for it', () => {
    for (const s of snapshots('cases/review')) expect(review.selectIsOpen(s as never), stateName(s.value)).toBe(s.can({ type: 'SUBMIT' }) || review.selectIsBusy(s as never));
  });

  it("open the two-factor settings' dialogs where their answers are accepted", () => {
    for (const s of snapshots('settings/two-factor')) {
      expect(twoFactor.selectIsCodeOpen(s as never), stateName(s.value)).toBe(s.can({ type: 'SUBMIT_CODE', code: '123456' }) || twoFactor.selectIsConfirming(s as never));
      expect(twoFactor.selectIsPasswordOpen(s as never), stateName(s.value)).toBe(s.can({ type: 'SUBMIT_PASSWORD', password: 'pw' }) || twoFactor.selectIsDisabling(s as never));
    }
  });

  it('offer generating a secret key only where GENERATE is accepted', () => {
    for (const s of snapshots('settings/secret-key')) expect(secretKey.selectCanGenerate(s as never), stateName(s.value)).toBe(s.can({ type: 'GENERATE' }));
  });
});
