/** Section 8's error-text priority. */
import { describe, expect, it } from 'vitest';
import { pickErrorText } from '../../src/lib/errors';

describe('error text priority', () => {
  it('prefers data.error_message.error_message', () => {
    expect(pickErrorText({ data: { error_message: { error_message: 'nested' } }, message: 'm' })).toBe('nested');
  });
  it('then data.error_message', () => {
    expect(pickErrorText({ data: { error_message: 'flat' }, message: 'm' })).toBe('flat');
  });
  it("then the error's message", () => {
    expect(pickErrorText(new Error('from message'))).toBe('from message');
  });
  it('then the error itself', () => {
    expect(pickErrorText('plain text')).toBe('plain text');
  });
});
