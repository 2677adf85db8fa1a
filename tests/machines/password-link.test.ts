/** Reset-password and setup-password pages: where each token answer leads (section 2). */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { passwordLinkMachine, type LinkKind } from '../../machines/password-link/password-link.machine';
import { failureOf } from '../helpers/session-fixtures';

function run(kind: LinkKind, token: string | null, verify: () => Promise<unknown>, save: () => Promise<unknown> = async () => ({})) {
  const cleared: string[] = [];
  const machine = passwordLinkMachine.provide({
    actors: {
      clearStorage: fromPromise<void, void>(async () => {
        cleared.push('cleared');
      }),
      verifyToken: fromPromise(verify as never),
      savePassword: fromPromise(save as never),
    },
  });
  return { actor: createActor(machine, { input: { kind, token } }).start(), cleared };
}

const settled = (actor: ReturnType<typeof run>['actor']) =>
  waitFor(actor, (s) => (['ready', 'tokenExpired', 'catchAll', 'saved'] as const).some((v) => s.matches(v)));

describe('password link machine', () => {
  it('reset: a valid token shows the form, saving ends in saved', async () => {
    const { actor } = run('reset', 'abc', async () => ({ email: 'a@example.com' }));
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.email).toBe('a@example.com');
    actor.send({ type: 'SAVE', password: 'Strong-pass-1' });
    await waitFor(actor, (s) => s.matches('saved'));
  });

  it("reset: 'Token is expired' goes to token-expired, anything else to the catch-all", async () => {
    const expired = run('reset', 'abc', async () => Promise.reject(failureOf(400, 'Token is expired')));
    await settled(expired.actor);
    expect(expired.actor.getSnapshot().value).toBe('tokenExpired');
    const incorrect = run('reset', 'abc', async () => Promise.reject(failureOf(400, 'token is incorrect')));
    await settled(incorrect.actor);
    expect(incorrect.actor.getSnapshot().value).toBe('catchAll');
    expect(run('reset', null, async () => ({})).actor.getSnapshot().value).toBe('catchAll');
  });

  it("setup: clears storage first; 'token is expired' or 'token is incorrect' go to token-expired", async () => {
    for (const message of ['Token is expired', 'token is incorrect']) {
      const { actor, cleared } = run('setup', 'abc', async () => Promise.reject(failureOf(400, message)));
      await settled(actor);
      expect(actor.getSnapshot().value).toBe('tokenExpired');
      expect(cleared).toEqual(['cleared']);
    }
    const other = run('setup', 'abc', async () => Promise.reject(failureOf(500, 'Something went wrong. Please try again.')));
    await settled(other.actor);
    expect(other.actor.getSnapshot().value).toBe('catchAll');
  });

  it('keeps the form open with the message when saving fails for another reason', async () => {
    const { actor } = run('reset', 'abc', async () => ({}), async () => Promise.reject(failureOf(400, 'Password must be at least 8 characters and contain a letter and a digit.', 'password_weak')));
    await settled(actor);
    actor.send({ type: 'SAVE', password: 'x' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context.errorCode).toBe('password_weak');
  });
});
