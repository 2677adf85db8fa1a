/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP): HMAC-SHA1,
 * 30-second steps, six digits, as every authenticator app expects.
 */
import { createHmac, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_STEP_SECONDS = 30;

export function base32Encode(buffer: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buffer) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export const generateTotpSecret = () => base32Encode(randomBytes(20));

export function hotp(secret: string, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

export const timeStep = (at = Date.now()) => Math.floor(at / 1000 / TOTP_STEP_SECONDS);

export function totp(secret: string, at = Date.now()): string {
  return hotp(secret, timeStep(at));
}

/**
 * Accepts the code of the current step or one step either side (clock drift),
 * but never a step at or before the last one accepted, so a code works once.
 * Returns the matched step, or null.
 */
export function verifyTotp(secret: string, code: string, lastStep: number, at = Date.now()): number | null {
  const now = timeStep(at);
  for (const step of [now, now - 1, now + 1]) {
    if (step > lastStep && hotp(secret, step) === code) return step;
  }
  return null;
}

export function otpauthUri(secret: string, account: string, issuer = 'Open AML'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=${TOTP_STEP_SECONDS}`;
}

export const qrDataUrl = (text: string) => QRCode.toDataURL(text, { margin: 1, width: 220 });
