/** Runtime configuration, read once from the environment. README documents each variable. */
import { resolve } from 'node:path';
import { RATE_LIMITS } from '../common/api-keys';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from '../common/webhooks';

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
  /** MEDIA_LOAD=off: the shared media corpus is not loaded from mediaDir at start (server/media-corpus/corpus-loader.ts). */
  mediaLoad: boolean;
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
  /** Requests per rolling minute allowed to one API key and to all keys of one organisation (common/api-keys.ts RATE_LIMITS). */
  apiRateLimits: { perKeyPerMinute: number; perOrganisationPerMinute: number };
  /**
   * OUTBOUND_ALLOW: host names, IP addresses and CIDR networks (comma-separated; empty by default) that
   * outbound requests to addresses users type may reach although the outbound rule refuses them (loopback,
   * private, link-local ...): web hook deliveries now, custom sources' feeds next (server/outbound).
   */
  outboundAllow: string;
  /**
   * WEBHOOK_RETRY_SCHEDULE: seconds to wait before each attempt of a web hook delivery, comma-separated
   * (default common/webhooks.ts WEBHOOK_RETRY_SCHEDULE_SECONDS: at once, 5 s, 5 min ... 24 h). Tests shorten it.
   */
  webhookRetrySchedule: number[];
  serveStatic: boolean;
  logLevel: string;
  /** pretty: one readable line per entry; json: pino's JSON lines for a log collector. */
  logFormat: 'pretty' | 'json';
}

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

/** A schedule of whole seconds, at least one attempt; anything unreadable is the default schedule. */
function retrySchedule(value: string | undefined): number[] {
  const steps = (value ?? '').split(',').map((v) => v.trim()).filter(Boolean).map(Number);
  return steps.length && steps.every((n) => Number.isInteger(n) && n >= 0) ? steps : [...WEBHOOK_RETRY_SCHEDULE_SECONDS];
}

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
    mediaLoad: env.MEDIA_LOAD !== 'off',
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
    apiRateLimits: {
      perKeyPerMinute: num(env.API_RATE_PER_KEY, RATE_LIMITS.perKeyPerMinute),
      perOrganisationPerMinute: num(env.API_RATE_PER_ORGANISATION, RATE_LIMITS.perOrganisationPerMinute),
    },
    outboundAllow: env.OUTBOUND_ALLOW ?? '',
    webhookRetrySchedule: retrySchedule(env.WEBHOOK_RETRY_SCHEDULE),
    serveStatic: env.SERVE_STATIC !== 'false',
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: env.LOG_FORMAT === 'json' ? 'json' : 'pretty',
  };
}
