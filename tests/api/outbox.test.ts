/** Without SMTP_URL, e-mail goes to DATA_DIR/outbox so a newcomer can still finish e-mail flows. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYST, createTestApp, type TestApp } from '../helpers/app';

describe('e-mail outbox (no SMTP configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { smtpUrl: undefined });
  });
  afterAll(() => t?.close());

  it('writes each message as a readable file and sends nothing over SMTP', async () => {
    expect((await t.call('POST', '/api/forgot-password', { body: { email: ANALYST.email } })).status).toBe(200);
    const outbox = join(t.config.dataDir, 'outbox');
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const text = readFileSync(join(outbox, files[0]), 'utf8');
    expect(text).toContain(`To: ${ANALYST.email}`);
    expect(text).toContain('Subject: Reset your password');
    expect(text).toMatch(/http:\/\/app\.test\/reset-password\?token=[\w-]{20,}/);
    expect(t.smtp.messages).toHaveLength(0);
  });
});
