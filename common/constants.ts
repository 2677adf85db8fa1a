/** Business constants and limits of section 9. */

export const LIMITS = {
  faceImageBytes: 5 * 1024 * 1024,
  faceImageTypes: ['image/jpeg', 'image/png'],
  customListFileBytes: 10 * 1024 * 1024,
  searchTerm: { min: 2, max: 100 },
  yearMin: 1900,
  nationalIdDigits: 13,
  customSourceFrequencyMinutes: { min: 15, max: 480 },
  customSourceLinkMax: 1000,
  apiKeyValidityDays: { min: 1, max: 365 },
  profileTitle: { min: 2, max: 20 },
  personName: { min: 2, max: 30 },
  roleName: { min: 2, max: 50 },
  webhookName: { min: 2, max: 50 },
  customListName: { min: 2, max: 100 },
  customListDescription: { min: 2, max: 300 },
  /** Custom list record category: free text, not in the spec. */
  listRecordCategory: 100,
  /** Risk-scoring engine title and model name (not in the spec; as role names). */
  riskEngineTitle: { min: 2, max: 50 },
  /** Largest threshold or rule weightage of a risk engine, in points. */
  riskPoints: 10_000,
  /** Rules one risk engine may hold. */
  riskRules: 100,
  comment: { min: 2, max: 512 },
  listEntryComment: { min: 2, max: 1000 },
  deletionReason: { min: 10, max: 200 },
  /** Bulk search batch name (section 5 names the field, not its rules). */
  batchName: { min: 2, max: 100 },
  feedback: { min: 3, max: 512 },
  permissionPageSize: 100,
  password: { min: 8, max: 128 },
} as const;

export const ONGOING_MONITORING_INTERVAL_MINUTES = 15;
export const MOBILE_BREAKPOINT_PX = 768;
export const SNACKBAR_MS = 3000;
export const NOTIFICATION_TOAST_MS = 1000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Auth state's redirect url default (section 3). */
export const DEFAULT_REDIRECT_URL = '/make-case';

/** Local-storage keys that survive logout (section 9). */
export const STORAGE_KEYS = {
  session: 'aml.session',
  language: 'aml.language',
  searchModalWelcome: 'aml.searchModalWelcomeSeen',
  mediaWatcherWelcome: 'aml.mediaWatcherWelcomeSeen',
} as const;
export const STORAGE_KEYS_KEPT_ON_LOGOUT: readonly string[] = [STORAGE_KEYS.searchModalWelcome, STORAGE_KEYS.mediaWatcherWelcome];

/** Socket event names. */
export const SOCKET_EVENTS = {
  changeStreams: 'change-streams',
  notification: 'notification',
  /** The user's role, permissions or account changed: the browser refreshes its session (docs/admin.md). */
  sessionChanged: 'session-changed',
  /** Notifications were read in another tab: the panel reloads its counts. */
  notificationsChanged: 'notifications-changed',
  /** A bulk search batch stored a chunk of rows, paused, resumed, finished or was deleted (common/bulk.ts BatchProgress), to its organisation. */
  bulkProgress: 'bulk-progress',
} as const;
