/**
 * The session statechart and the sign-in code limits: a refused resend keeps
 * the user on the code page with the message (its id and minutes, so the page
 * can show it in the user's language), and too many wrong codes end the
 * two-factor step like an expired one.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../src/lib/api';
import { sessionMachine } from '../../machines/session/session.machine';
import { selectError, selectErrorCode, selectErrorValues } from '../../machines/session/session.selectors';
import { challenge } from '../helpers/session-fixtures';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A session waiting for an e-mail code, whose verify and resend calls fail with the given API errors. */
async function waitingForCode(failures: { verifyOtp?: ApiError; resendOtp?: ApiError }) {
  const effects: string[] = [];
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<any, any>(async () => challenge('email')),
      verifyOtp: fromPromise<any, any>(async () => {
        throw failures.verifyOtp;
      }),
      resendOtp: fromPromise<any, any>(async () => {
        throw failures.resendOtp;
      }),
      expiryTimer: fromCallback(() => () => {}),
    },
    actions: { forgetChallenge: () => effects.push('forgetChallenge'), persistChallenge: () => {}, persistSession: () => {}, clearSession: () => {} },
  });
  const actor = createActor(machine, { input: {} }).start();
  actor.send({ type: 'LOGIN', email: 'ada@example.com', password: 'Sturdy-pass-1' });
  await flush();
  expect(actor.getSnapshot().value).toEqual({ twoFactor: 'email' });
  return { actor, effects };
}

describe('session machine and the sign-in code limits', () => {
  it('stays on the code page after a refused resend, keeping the message, its id and the minutes to wait', async () => {
    const text = 'Too many codes have been sent to this account. Try again in 42 minutes.';
    const { actor } = await waitingForCode({ resendOtp: new ApiError(429, text, 'otp_send_limit', { error_message: text, code: 'otp_send_limit', minutes: 42 }) });
    actor.send({ type: 'RESEND_CODE' });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ twoFactor: 'email' });
    expect(snapshot.context.challenge?.otp_token).toBe('otp_email');
    expect(selectError(snapshot)).toBe(text);
    expect(selectErrorCode(snapshot)).toBe('otp_send_limit');
    expect(selectErrorValues(snapshot)).toEqual({ minutes: 42 });
  });

  it('keeps no values for a message that needs none', async () => {
    const text = 'No more codes can be sent for this sign-in. Enter the last code you received, or sign in again.';
    const { actor } = await waitingForCode({ resendOtp: new ApiError(429, text, 'otp_resend_limit', { error_message: text, code: 'otp_resend_limit' }) });
    actor.send({ type: 'RESEND_CODE' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ twoFactor: 'email' });
    expect(selectErrorCode(actor.getSnapshot())).toBe('otp_resend_limit');
    expect(selectErrorValues(actor.getSnapshot())).toBeNull();
  });

  it('ends the two-factor step after too many wrong codes, with the message for the sign-in page', async () => {
    const text = 'Too many wrong codes. Please sign in again.';
    const { actor, effects } = await waitingForCode({ verifyOtp: new ApiError(400, text, 'otp_attempts_exhausted', { error_message: text, code: 'otp_attempts_exhausted' }) });
    actor.send({ type: 'SUBMIT_CODE', code: '000000' });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(snapshot.context.challenge).toBeNull();
    expect(effects).toContain('forgetChallenge');
    expect(selectError(snapshot)).toBe(text);
    expect(selectErrorCode(snapshot)).toBe('otp_attempts_exhausted');
  });
});
