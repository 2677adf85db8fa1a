/** TOTP against the RFC 6238 appendix B vectors (SHA-1, 8 digits), and our six-digit use of it. */
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, totp, verifyTotp } from '../../server/auth/totp';

const secret = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i seconds gives %s', (seconds, expected) => {
    expect(hotp(secret, Math.floor(seconds / 30), 8)).toBe(expected);
  });

  it('round-trips base32', () => {
    expect(base32Decode(secret).toString()).toBe('12345678901234567890');
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('accepts one step of drift either way, never the same step twice', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(secret, totp(secret, now), 0, now)).toBe(step);
    expect(verifyTotp(secret, totp(secret, now - 30_000), 0, now)).toBe(step - 1);
    expect(verifyTotp(secret, totp(secret, now + 30_000), 0, now)).toBe(step + 1);
    expect(verifyTotp(secret, totp(secret, now - 90_000), 0, now)).toBeNull();
    expect(verifyTotp(secret, totp(secret, now), step, now)).toBeNull();
  });
});
