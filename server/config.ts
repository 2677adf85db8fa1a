/** Runtime configuration, read once from the environment. README documents each variable. */
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  adminEmail: string;
  adminPassword: string;
  analystEmail: string;
  analystPassword: string;
  listsDir: string;
  /** Minutes between downloads of each list from its publisher (0: never; the directory copy is served). */
  listUpdateIntervalMinutes: number;
  /** A mirror serving <url>/<list id>/<file> instead of the publishers' own addresses. */
  listMirrorUrl?: string;
  /** Minutes between ongoing-monitoring passes; 0 switches monitoring off. */
  monitoringIntervalMinutes: number;
  mediaDir: string;
  /** Lifetime of an access token. */
  tokenTtlMinutes: number;
  otpTtlMinutes: number;
  resetTokenTtlMinutes: number;
  setupTokenTtlHours: number;
  /**
   * Sign-in throttling (docs/decisions.md, "Throttling"): failures of one account from one address lock that
   * pair; failures from one address across accounts lock the address; the account itself is locked for every
   * address it has not signed in from recently only at a much higher count.
   */
  loginLock: { pairFailures: number; addressFailures: number; accountFailures: number; windowMinutes: number; lockMinutes: number };
  serveStatic: boolean;
  logLevel: string;
  /** pretty: one readable line per entry; json: pino's JSON lines for a log collector. */
  logFormat: 'pretty' | 'json';
}

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = num(env.PORT, 3000);
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Open AML <no-reply@open-aml.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    adminEmail: env.ADMIN_EMAIL || 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD || 'Admin-2026!',
    analystEmail: env.ANALYST_EMAIL || 'analyst@example.com',
    analystPassword: env.ANALYST_PASSWORD || 'Analyst-2026!',
    listsDir: resolve(env.LISTS_DIR || '../shared/data/lists'),
    listUpdateIntervalMinutes: num(env.LIST_UPDATE_INTERVAL_MINUTES, 24 * 60),
    listMirrorUrl: env.LIST_MIRROR_URL || undefined,
    monitoringIntervalMinutes: num(env.MONITORING_INTERVAL_MINUTES, 15),
    mediaDir: resolve(env.MEDIA_DIR || '../shared/data/media'),
    tokenTtlMinutes: num(env.TOKEN_TTL_MINUTES, 8 * 60),
    otpTtlMinutes: num(env.OTP_TTL_MINUTES, 10),
    resetTokenTtlMinutes: num(env.RESET_TOKEN_TTL_MINUTES, 60),
    setupTokenTtlHours: num(env.SETUP_TOKEN_TTL_HOURS, 72),
    loginLock: {
      pairFailures: num(env.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS, 5),
      addressFailures: num(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 20),
      accountFailures: num(env.LOGIN_MAX_FAILURES_PER_ACCOUNT, 50),
      windowMinutes: num(env.LOGIN_WINDOW_MINUTES, 15),
      lockMinutes: num(env.LOGIN_LOCK_MINUTES, 15),
    },
    serveStatic: env.SERVE_STATIC !== 'false',
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: env.LOG_FORMAT === 'json' ? 'json' : 'pretty',
  };
}
