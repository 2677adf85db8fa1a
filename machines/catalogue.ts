/**
 * Every statechart of the product, in one list, with what it takes to explore
 * it without running the app: the inputs it can start from, sample payloads for
 * the events it accepts, and sample answers of the calls it invokes. The graph
 * walk (tests/machines/walk-all.test.ts), the diagrams (npm run statecharts)
 * and the model-based paths (npm run paths) all read this list, so a machine
 * added here is walked, drawn and given paths at once; a machine left out is
 * none of these.
 *
 * The samples are chosen to take every branch a guard can take (an answer that
 * asks for a second factor and one that does not, an error the guard singles
 * out and one it does not), not to be realistic data.
 */
import type { AnyStateMachine, EventFromLogic, EventObject } from 'xstate';
import type { AuthState, OtpChallenge } from '../common/session';
import type { NotificationView } from '../common/notifications';
import type { CaseView } from '../common/cases';
import { sessionMachine } from './session/session.machine';
import { landingMachine } from './landing/landing.machine';
import { passwordLinkMachine } from './password-link/password-link.machine';
import { notificationsMachine } from './notifications/notifications.machine';
import { secretKeyMachine } from './settings/secret-key.machine';
import { twoFactorMachine } from './settings/two-factor.machine';
import { roleEditorMachine } from './admin/role-editor.machine';
import { listMachine } from './shared/list.machine';
import { dialogMachine } from './shared/dialog.machine';
import { createCaseMachine } from './cases/create-case.machine';
import { manageCaseMachine } from './cases/manage-case.machine';
import { monitoringMachine } from './cases/monitoring.machine';
import { reviewMachine } from './cases/review.machine';
import { formMachine } from './forms/form.machine';
import { resourceMachine } from './shared/resource.machine';
import { searchFromView } from './cases/case-list-query';
import { bulkUploadMachine } from './bulk-upload/bulk-upload.machine';
import { monitoringConfigurationMachine } from './monitoring-configuration/monitoring-configuration.machine';
import type { MonitoringSettingsView } from '../common/monitoring';
import { engineEditorMachine } from './risk-scoring/engine-editor.machine';
import type { RiskEngineView, RiskTryAnswer } from '../common/risk-scoring';
import { draftProblems, sameDraft, scoringProblems, trialProblem } from './risk-scoring/engine-draft';
import { listUploadMachine } from './custom-lists/list-upload.machine';
import { recordFormMachine } from './custom-lists/record-form.machine';
import { recordCommentsMachine } from './custom-lists/record-comments.machine';
import { profileEditorMachine } from './search-profiles/profile-editor.machine';
import type { SearchProfileView, SourceOption } from '../common/search-profiles';
import type { BatchProgress, BatchView } from '../common/bulk';
import type { CustomListView } from '../common/custom-lists';
import type { ApiKeyView } from '../common/api-keys';
import type { WebhookView } from '../common/webhooks';
import { keyGeneratorMachine } from './api-keys/key-generator.machine';
import { keyDeletionMachine } from './api-keys/key-deletion.machine';
import { webhookEditorMachine } from './web-hooks/webhook-editor.machine';
import { webhookActionsMachine } from './web-hooks/webhook-actions.machine';
import type { ArticleView } from '../common/media';
import type { CustomSourceView } from '../common/custom-sources';
import { mediaSearchMachine } from './media/media-search.machine';
import { mediaCasesMachine } from './media/media-cases.machine';
import { mediaCaseMachine } from './media/media-case.machine';
import { searchFromView as mediaCasesAddress } from './media/media-cases-query';
import { draftProblem, queryOf } from './media/search-query';
import type { MediaCaseDetail, MediaCaseView } from './media/views';
import { customSourcesMachine } from './custom-sources/custom-sources.machine';
import { sourceEditorMachine } from './custom-sources/source-editor.machine';
import { TM_CATALOGUE } from './transactions/walk-samples';
import { DEMO_CATALOGUE } from './demo/walk-samples';
import { BILLING_CATALOGUE } from './billing/walk-samples';
import { USAGE_CATALOGUE } from './usage/walk-samples';

// ---------------------------------------------------------------- Shape of an entry

/** One way to start a machine: its input, named for the paths that start from it. */
export interface Start {
  label: string;
  input?: unknown;
}

/** Sample answers of an invoked call, by a label that reads well in a path ("login answers: signed in"). */
export interface Outcomes {
  done?: Record<string, unknown>;
  error?: Record<string, unknown>;
}

export interface WalkSpec {
  /** Where exploring starts; several when the input decides where the chart goes. Default: one start without input. */
  starts?: Start[];
  /** Events the views send, with sample payloads; an event listed twice is tried with each payload. */
  events: EventObject[];
  /** Sample answers of each invoked call, by the actor's name in setup(). */
  actors?: Record<string, Outcomes>;
  /**
   * What tells two snapshots apart besides the state value. Default: the whole
   * context. Machines whose context grows without end (counters, lists) name
   * the part their guards depend on, so the walk ends.
   */
  key?: (context: any) => unknown;
  /** Implementations the walk needs that the machine only declares (guards a screen supplies). */
  provide?: Parameters<AnyStateMachine['provide']>[0];
}

export interface CatalogueEntry {
  /** The name used by npm run statecharts / npm run paths, and the diagram's file name. */
  id: string;
  /** Where the machine is defined, from the repository root. */
  file: string;
  machine: AnyStateMachine;
  description: string;
  walk: WalkSpec;
}

/** A sample event is checked against the machine's own events (call answers and spawned children's reports aside). */
type SampleEvent<M extends AnyStateMachine> = EventFromLogic<M> | ({ type: `xstate.${string}` } & Record<string, unknown>);

function define<M extends AnyStateMachine>(entry: Omit<CatalogueEntry, 'machine' | 'walk'> & { machine: M; walk: Omit<WalkSpec, 'events'> & { events: SampleEvent<M>[] } }): CatalogueEntry {
  return entry as unknown as CatalogueEntry;
}

// ---------------------------------------------------------------- Samples

/** What the API client raises for a failed call. */
const failure = (status: number | null, message: string, code?: string, data?: Record<string, unknown>) =>
  Object.assign(new Error(message), { status, code, data: { code, ...data } });

const AUTH = {
  access_token: 'aml_token',
  expires_at: '2099-01-01T00:00:00.000Z',
  user: { _id: 'u1', name: 'Ada', email: 'ada@example.com' },
  permissions: [{ name: 'view_dashboard' }],
  organisation: { id: 'o1', is_demo: false, service_types: ['aml_screening'], billing_type: 'invoice', plan_details: null },
} as unknown as AuthState;

const challenge = (method: 'email' | 'app'): OtpChallenge =>
  ({ otp_required: true, otp_token: `otp_${method}`, authentication_type: method, email: 'a***@example.com', can_use_email: true, expires_at: '2099-01-01T00:00:00.000Z' }) as OtpChallenge;

const notification = (id: string, isRead: boolean): NotificationView => ({ id, kind: 'case_assigned', params: {}, link: null, is_read: isRead, created_at: '2026-01-01T00:00:00Z' });

const caseRow = { _id: 'c1', reference: 'AML-1' } as CaseView;

/** A batch's progress in each phase the bulk-upload chart tells apart. */
const progress = (phase: BatchProgress['phase'], done: number): BatchProgress => ({
  id: 'b1',
  status: phase === 'finished' ? 'Success' : phase === 'deleted' ? 'Deleted' : 'Pending',
  phase,
  paused_reason: phase === 'paused' ? 'credits' : null,
  total_count: 3,
  success_count: done,
  failed_count: 0,
  rows_per_second: phase === 'running' ? 10 : null,
  seconds_left: phase === 'running' ? 1 : null,
});

/** The sources a profile can choose, and a profile that names one of them and a custom list deleted since. */
const SAMPLE_SOURCES: SourceOption[] = [
  { id: 'un_sc_consolidated', name: 'UN Security Council', kind: 'list', databases: ['sanctions'], entities: 1000 },
  { id: 'pep_us_congress', name: 'US Congress', kind: 'list', databases: ['pep'], entities: 600 },
];
const SAMPLE_PROFILE: SearchProfileView = {
  _id: 'p1',
  title: 'Sanctions',
  databases: ['sanctions'],
  sources: ['un_sc_consolidated', '00000000-0000-4000-8000-000000000001'],
  source_details: [
    { id: 'un_sc_consolidated', name: 'UN Security Council', kind: 'list', available: true },
    { id: '00000000-0000-4000-8000-000000000001', name: 'Old list', kind: 'custom', list_type: 'blacklist', available: false },
  ],
  countries: ['GB'],
  publisher_search: false,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_by: null,
  updated_at: '2026-01-01T00:00:00Z',
};

/** A saved risk engine and what trying one answers (risk-scoring/engine-editor). */
const RISK_ENGINE: RiskEngineView = {
  _id: 'e1',
  title: 'Sanctions desk',
  model_name: 'Terrorism first',
  low_threshold: null,
  medium_threshold: 40,
  high_threshold: 70,
  rules: [{ country: 'any', category: 'sanctions', record: 'terrorism', weightage: 80 }],
  decisions: { blacklisted: 'failed', whitelisted: 'passed', high_risk: 'failed', medium_risk: 'for review', low_risk: 'passed' },
  version: 2,
  is_active: true,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_by: null,
  updated_at: '2026-01-01T00:00:00Z',
};
const RISK_TRY = { source: 'sample', case: null, hits: [], case_status: 'Passed', risk_level: 'Low' } as RiskTryAnswer;

/** The monitoring configuration as an organisation that never saved one reads it. */
const MONITORING_VIEW: MonitoringSettingsView = {
  duration: '365',
  custom_end_date: null,
  alert_frequency: 'daily',
  channels: ['in_app', 'email'],
  next_digest_at: null,
  last_digest_at: null,
  pending_alerts: 0,
  monitored_cases: 3,
  webhooks_available: false,
  updated_at: null,
  updated_by: null,
};

/** An API key as the list shows it, and a web hook (api-keys, web-hooks). */
const SAMPLE_API_KEY: ApiKeyView = {
  _id: 'k1',
  name: 'Onboarding service',
  prefix: 'amlk_3fA9c1xY',
  created_at: '2026-01-01T00:00:00Z',
  expires_at: '2026-04-01T00:00:00Z',
  last_used_at: null,
  expired: false,
  created_by: { _id: 'u1', name: 'Ada' },
};
const SAMPLE_WEBHOOK: WebhookView = {
  _id: 'w1',
  name: 'Case desk',
  endpoint: 'https://hooks.example.com/aml',
  type: 'update',
  created_at: '2026-01-01T00:00:00Z',
  created_by: { _id: 'u1', name: 'Ada' },
  status: 'active',
  disabled_at: null,
  disabled_reason: null,
  last_delivery: null,
};

/** Media Watcher: an article as a search finds it, a media case, and custom sources (media/, custom-sources/). */
const SAMPLE_ARTICLE: ArticleView = {
  id: 'a1',
  title: 'Bank officer charged with wire fraud',
  url: 'https://www.justice.gov/opa/pr/sample',
  source: 'doj',
  publisher: 'U.S. Department of Justice',
  author: null,
  published_at: '2024-03-01T00:00:00Z',
  language: 'en',
  countries: ['US'],
  snippet: [{ text: 'charged with ' }, { text: 'fraud', mark: 'term' }],
  adverse: true,
  categories: ['fraud'],
  keywords: { fraud: ['wire fraud'] },
  adverse_keywords: ['wire fraud'],
  sentiment: 'negative',
  sentiment_score: -0.6,
};
const SAMPLE_MEDIA_CASE: MediaCaseView = {
  reference: 'MW-000001',
  name: 'Acme review',
  query: { keywords: [{ term: 'fraud', mode: 'all' }], match: 'broad' },
  article_count: 1,
  adverse_count: 1,
  categories: ['fraud'],
  case_status: 'For Review',
  risk_level: 'Unknown',
  is_read: false,
  created_by: { id: 'u1', name: 'Ada' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  is_deleted: false,
  deleted_by: null,
  deleted_at: null,
  delete_reason: null,
};
const mediaDetail = (patch: Partial<MediaCaseView>): MediaCaseDetail => ({ case: { ...SAMPLE_MEDIA_CASE, ...patch }, articles: [{ ...SAMPLE_ARTICLE, match_status: 'Potential Match' }] });
const customSource = (status: CustomSourceView['status']): CustomSourceView => ({
  id: `s-${status}`,
  publisher_name: 'Example Times',
  url: 'https://news.example.com/feed.xml',
  description: 'Regional business news',
  frequency_minutes: 60,
  status,
  created_by: { id: 'u1', name: 'Ada' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  last_polled_at: null,
  last_success_at: null,
  next_poll_at: null,
  last_error: null,
  failures: 0,
  article_count: 0,
});

// ---------------------------------------------------------------- The machines

export const catalogue: CatalogueEntry[] = [
  define({
    id: 'session',
    file: 'machines/session/session.machine.ts',
    machine: sessionMachine,
    description: 'Signing in (password, sign-up, secret link), the second factor by e-mail or app, the signed-in session, refresh, expiry and sign-out.',
    walk: {
      starts: [
        { label: 'nothing stored', input: {} },
        { label: 'a session kept from an earlier visit', input: { stored: AUTH } },
      ],
      events: [
        { type: 'LOGIN', email: 'ada@example.com', password: 'correct horse' },
        { type: 'SIGNUP', name: 'Ada', email: 'ada@example.com', company_name: 'Northwind', password: 'correct horse' },
        { type: 'SECRET_LOGIN', user_secret: 'secret' },
        { type: 'RESUME_OTP', otp_token: 'otp_kept' },
        { type: 'SUBMIT_CODE', code: '123456' },
        { type: 'RESEND_CODE' },
        { type: 'CANCEL' },
        { type: 'REFRESH' },
        { type: 'SESSION_UPDATED', session: AUTH },
        { type: 'LOGOUT' },
        { type: 'TOKEN_EXPIRED' },
        { type: 'UNAUTHORIZED', message: 'Token has expired' },
        { type: 'UNAUTHORIZED', message: 'Invalid or missing token.' },
      ],
      actors: {
        login: {
          done: { 'signed in': AUTH, 'code by e-mail asked': challenge('email'), 'code from the app asked': challenge('app') },
          error: { 'wrong password': failure(400, 'Invalid e-mail or password.') },
        },
        checkOtp: { done: { 'challenge open (app)': challenge('app') }, error: { 'challenge gone': failure(400, 'Gone', 'otp_session_invalid') } },
        verifyOtp: {
          done: { 'signed in': AUTH },
          error: { 'wrong code': failure(400, 'The code is incorrect.', 'otp_invalid'), 'challenge gone': failure(400, 'Gone', 'otp_session_invalid') },
        },
        resendOtp: {
          done: { 'code sent': {} },
          error: { 'not possible': failure(400, 'No.', 'otp_not_configured'), 'challenge gone': failure(400, 'Gone', 'otp_attempts_exhausted') },
        },
        refresh: {
          done: { 'refreshed': AUTH },
          error: { 'token expired': failure(401, 'Token has expired'), 'token refused': failure(401, 'Invalid or missing token.'), 'offline': failure(null, 'offline') },
        },
        logout: { done: { 'signed out': {} }, error: { 'offline': failure(null, 'offline') } },
      },
      key: (c) => ({ signedIn: c.session !== null, challenge: c.challenge?.authentication_type ?? null }),
    },
  }),
  define({
    id: 'password-link',
    file: 'machines/password-link/password-link.machine.ts',
    machine: passwordLinkMachine,
    description: 'The reset-password and set-up-password pages: check the link’s token, then save the new password.',
    walk: {
      starts: [
        { label: 'reset link', input: { kind: 'reset', token: 'tok' } },
        { label: 'set-up link', input: { kind: 'setup', token: 'tok' } },
        { label: 'link without a token', input: { kind: 'reset', token: null } },
      ],
      events: [{ type: 'SAVE', password: 'correct horse 1' }],
      actors: {
        clearStorage: { done: { 'cleared': undefined }, error: { 'storage refused': new Error('denied') } },
        verifyToken: {
          done: { 'token valid': { email: 'ada@example.com' } },
          error: { 'token expired': { status: 400, message: 'Token is expired' }, 'token incorrect': { status: 400, message: 'token is incorrect' }, 'other failure': { status: 500, message: 'Server error' } },
        },
        savePassword: {
          done: { 'saved': {} },
          error: { 'token expired meanwhile': { status: 400, message: 'Token is expired' }, 'password refused': { status: 400, message: 'Too weak', code: 'password_rules' } },
        },
      },
      key: (c) => ({ kind: c.kind, token: c.token !== null }),
    },
  }),
  define({
    id: 'notifications',
    file: 'machines/notifications/notifications.machine.ts',
    machine: notificationsMachine,
    description: 'The notifications panel: follows the signed-in user, loads pages, takes pushed notifications, marks read optimistically.',
    walk: {
      starts: [{ label: 'the app starts', input: {} }],
      events: [
        { type: 'START', userId: 'u1' },
        { type: 'START', userId: 'u2' },
        { type: 'STOP' },
        { type: 'TAB', tab: 'unread' },
        { type: 'RECEIVED', notification: notification('n9', false) },
        { type: 'COUNT_CHANGED', unreadCount: 0 },
        { type: 'MARK_READ', id: 'n1' },
        { type: 'MARK_ALL_READ' },
        { type: 'LOAD_MORE' },
        { type: 'RELOAD' },
        // A background mark-as-read that failed (spawned children report with their own id).
        { type: 'xstate.error.actor.mark-1', error: failure(null, 'offline') },
      ],
      actors: {
        load: {
          done: { 'a first page of two': { data: [notification('n1', false)], total: 2, unread_count: 1 } },
          error: { 'offline': failure(null, 'offline') },
        },
      },
      key: (c) => ({ user: c.userId, more: c.items.length < c.total, unread: c.unreadCount > 0 }),
    },
  }),
  define({
    id: 'settings/secret-key',
    file: 'machines/settings/secret-key.machine.ts',
    machine: secretKeyMachine,
    description: 'The web hook secret key on Settings: shown masked, regenerated after the password, shown once in full.',
    walk: {
      starts: [
        { label: 'permitted', input: { permitted: true } },
        { label: 'without update_webhook_secret_key', input: { permitted: false } },
      ],
      events: [{ type: 'GENERATE' }, { type: 'SUBMIT_PASSWORD', password: '' }, { type: 'SUBMIT_PASSWORD', password: 'pw' }, { type: 'CANCEL' }, { type: 'DISMISS' }, { type: 'RETRY' }],
      actors: {
        loadKey: { done: { 'a key': { has_key: true, masked_key: '****abcd', created_at: null, created_by: null } }, error: { 'forbidden': failure(403, 'Permission Denied'), 'offline': failure(null, 'offline') } },
        generateKey: {
          done: { 'new key': { has_key: true, masked_key: '****wxyz', created_at: null, created_by: null, secret_key: 'sk_new' } },
          error: { 'forbidden': failure(403, 'Permission Denied'), 'wrong password': failure(400, 'Incorrect password', 'password_incorrect') },
        },
      },
      key: (c) => ({ permitted: c.permitted, inputError: c.inputError }),
    },
  }),
  define({
    id: 'settings/two-factor',
    file: 'machines/settings/two-factor.machine.ts',
    machine: twoFactorMachine,
    description: 'Switching one second factor (e-mail or app) on with a code, or off with the password, from Settings.',
    walk: {
      starts: [
        { label: 'e-mail, off', input: { method: 'email', enabled: false } },
        { label: 'app, on', input: { method: 'app', enabled: true } },
      ],
      events: [
        { type: 'ENABLE' },
        { type: 'DISABLE' },
        { type: 'SUBMIT_CODE', code: '12' },
        { type: 'SUBMIT_CODE', code: '123456' },
        { type: 'SUBMIT_PASSWORD', password: '' },
        { type: 'SUBMIT_PASSWORD', password: 'pw' },
        { type: 'RESEND' },
        { type: 'CANCEL' },
        { type: 'SYNC', enabled: true },
      ],
      actors: {
        start: { done: { 'started': { secret: 'JBSWY3DP' } }, error: { 'offline': failure(null, 'offline') } },
        confirm: { done: { 'confirmed': AUTH }, error: { 'wrong code': failure(400, 'The code is incorrect.', 'otp_invalid') } },
        disable: { done: { 'switched off': AUTH }, error: { 'wrong password': failure(400, 'Incorrect password', 'password_incorrect') } },
      },
      key: (c) => ({ method: c.method, enabled: c.enabled, inputError: c.inputError }),
    },
  }),
  define({
    id: 'admin/role-editor',
    file: 'machines/admin/role-editor.machine.ts',
    machine: roleEditorMachine,
    description: 'The role drawer: create or open a role, rename it, tick permissions (dependencies follow), save or discard.',
    walk: {
      events: [
        { type: 'CREATE' },
        { type: 'OPEN', roleId: 'r2' },
        { type: 'SET_NAME', name: 'Screeners' },
        { type: 'SET_NAME', name: '' },
        { type: 'TOGGLE', permission: 'create_new_case' },
        { type: 'TOGGLE_AREA', area: 'aml_screening' },
        { type: 'RESET' },
        { type: 'SAVE' },
        { type: 'CLOSE' },
        { type: 'DISCARD' },
        { type: 'KEEP_EDITING' },
        { type: 'RETRY' },
      ],
      actors: {
        loadCatalogue: {
          done: {
            'the catalogue': [
              { name: 'view_case', area: 'aml_screening', admin_only: false, depends_on: [] },
              { name: 'create_new_case', area: 'aml_screening', admin_only: false, depends_on: ['view_case'] },
            ],
          },
          error: { 'offline': failure(null, 'offline') },
        },
        loadRole: { done: { 'the role': { _id: 'r2', name: 'Analyst', is_admin: false, user_count: 1, permissions: [{ name: 'view_case' }] } }, error: { 'not found': failure(404, 'Not found.', 'not_found') } },
        saveRole: { done: { 'saved': { _id: 'r2' } }, error: { 'name taken': failure(409, 'Role name already exists', 'role_name_exists', { field: 'name' }) } },
      },
      key: (c) => ({ catalogue: c.catalogue.length > 0, roleId: c.roleId, name: c.name, dirty: c.name !== c.originalName || c.selected.join() !== c.originalSelected.join() }),
    },
  }),
  define({
    id: 'shared/list',
    file: 'machines/shared/list.machine.ts',
    machine: listMachine,
    description: 'A paged, filtered list read from the API (users, roles, audit, feedback screens).',
    walk: {
      starts: [
        { label: 'any search allowed', input: {} },
        { label: 'a search needs a filter', input: { requireFilter: true } },
      ],
      events: [
        { type: 'SEARCH', filters: { name: 'ada' } },
        { type: 'SEARCH', filters: {} },
        { type: 'CLEAR' },
        { type: 'PAGE', page: 2 },
        { type: 'PAGE_SIZE', pageSize: 50 },
        { type: 'RELOAD' },
      ],
      actors: {
        load: { done: { 'rows': { data: [{ id: 1 }], total: 1 }, 'no rows': { data: [], total: 1 } }, error: { 'offline': failure(null, 'offline') } },
      },
      key: (c) => ({ page: c.page, rows: c.rows.length, loaded: c.loaded, requireFilter: c.requireFilter }),
    },
  }),
  define({
    id: 'shared/dialog',
    file: 'machines/shared/dialog.machine.ts',
    machine: dialogMachine,
    description: 'A dialog that sends one request (user or role form, confirmation, password check, feedback).',
    walk: {
      events: [{ type: 'OPEN', target: { id: 'u1' } }, { type: 'CLOSE' }, { type: 'SUBMIT', values: { name: 'Ada' } }, { type: 'EDIT' }],
      actors: { submit: { done: { 'accepted': {} }, error: { 'refused': failure(409, 'E-mail already exists', 'email_exists', { field: 'email' }) } } },
      key: (c) => ({ error: c.error !== null }),
    },
  }),
  define({
    id: 'cases/create-case',
    file: 'machines/cases/create-case.machine.ts',
    machine: createCaseMachine,
    description: 'Create New Case: the search input as a form, checked with the shared rules; out of credits halts it with the credits-expired dialog.',
    walk: {
      events: [
        { type: 'EDIT', field: 'search_term', value: 'Ada Lovelace' },
        { type: 'EDIT', field: 'search_term', value: '' },
        // A chosen file is checked as it is chosen: one that is not an image is refused at once.
        { type: 'EDIT', field: 'face_image', value: { size: 10, type: 'text/plain', name: 'notes.txt' }, check: true },
        { type: 'SUBMIT' },
        { type: 'RESET' },
        { type: 'DISMISS' },
        { type: 'FOLLOW_UP' },
      ],
      actors: {
        submit: {
          done: { 'case created': { reference: 'AML-1' } },
          error: { 'out of credits': failure(402, 'Your search limit has been reached.', 'search_limit'), 'daily limit': failure(429, 'Daily search limit has been reached.', 'daily_search_limit') },
        },
      },
      key: (c) => ({ term: c.values.search_term, problems: Object.values(c.fieldErrors).some(Boolean), failed: c.error !== null }),
    },
  }),
  define({
    id: 'shared/resource',
    file: 'machines/shared/resource.machine.ts',
    machine: resourceMachine,
    description: 'One piece of data a screen shows: idle, loading, loaded or failed; a new request loads at once, the previous data stays meanwhile.',
    walk: {
      starts: [
        { label: 'nothing asked for', input: { request: null } },
        { label: 'a case’s results', input: { request: { path: '/search_result_filter', query: { reference: 'AML-1' } } } },
      ],
      events: [
        { type: 'REQUEST', request: { path: '/search_result_filter', query: { reference: 'AML-1', sort_by: 'name' } } },
        { type: 'REQUEST', request: null },
        { type: 'RELOAD' },
        { type: 'RETRY' },
      ],
      actors: { load: { done: { 'answered': { data: [] } }, error: { 'offline': failure(null, 'offline') } } },
      key: (c) => ({ request: c.request ? JSON.stringify(c.request) : null, data: c.data !== null, error: c.error !== null }),
    },
  }),
  define({
    id: 'forms/form',
    file: 'machines/forms/form.machine.ts',
    machine: formMachine,
    description: 'The form statechart every form is built on: values, problems found in the browser and by the API, submission, effects supplied by the view.',
    walk: {
      events: [
        { type: 'EDIT', field: 'email', value: 'ada@example.com' },
        { type: 'EDIT', field: 'email', value: '', check: true },
        { type: 'SUBMIT', values: { email: 'ada@example.com' } },
        { type: 'SUBMIT', values: { email: '' } },
        { type: 'RESET' },
        { type: 'DISMISS' },
        { type: 'FOLLOW_UP' },
      ],
      actors: {
        submit: {
          done: { 'accepted': {} },
          error: { 'refused on a field': failure(409, 'E-mail already exists', 'email_exists', { field: 'email' }), 'a refusal no edit can fix': failure(402, 'Your search limit has been reached.', 'search_limit') },
        },
      },
      // The generic form has no rules and halts on nothing: each form supplies them. Here a stand-in form whose
      // e-mail is required, checked as it is typed, and whose credit refusal halts, so every branch can be taken.
      provide: {
        guards: {
          halts: ({ event }: { event: { error?: { code?: string } } }) => event.error?.code === 'search_limit',
          valid: ({ context, event }: { context: { values: { email?: unknown } }; event: { type: string; values?: { email?: unknown } } }) =>
            Boolean(event.type === 'SUBMIT' && event.values && 'email' in event.values ? event.values.email : context.values.email),
          refusedAtOnce: ({ event }: { event: { type: string; check?: boolean; value?: unknown } }) => event.type === 'EDIT' && event.check === true && !event.value,
        },
      },
      key: (c) => ({ email: c.values.email ?? null, failed: c.error !== null }),
    },
  }),
  define({
    id: 'cases/manage-case',
    file: 'machines/cases/manage-case.machine.ts',
    machine: manageCaseMachine,
    description: 'Manage Case’s list, driven by the address: every change becomes a new address; the list loads when the address changes.',
    walk: {
      starts: [{ label: 'the plain list', input: { search: '' } }],
      events: [
        { type: 'LOCATION', search: '?page=3' },
        { type: 'EDIT', filters: { case_status: 'Passed' } },
        { type: 'DRAFT', filters: { search: 'ada' } },
        { type: 'DRAFT', filters: { relevance: 'high' } },
        { type: 'APPLY' },
        { type: 'SORT', key: 'created_at' },
        { type: 'PAGE', page: 2 },
        { type: 'PAGE_SIZE', pageSize: 50 },
        { type: 'RELOAD' },
        { type: 'EXPORT', format: 'csv' },
      ],
      actors: {
        load: { done: { 'rows': { data: [caseRow], total: 1 }, 'past the end': { data: [], total: 1 } }, error: { 'offline': failure(null, 'offline') } },
        download: { done: { 'downloaded': {} }, error: { 'offline': failure(null, 'offline') } },
      },
      key: (c) => ({ view: searchFromView(c.view), draft: c.draft.search, rows: c.rows.length, loaded: c.loaded }),
    },
  }),
  define({
    id: 'cases/monitoring',
    file: 'machines/cases/monitoring.machine.ts',
    machine: monitoringMachine,
    description: 'One ongoing-monitoring switch: confirm, save, and move only once the server agreed.',
    walk: {
      starts: [{ label: 'monitoring off', input: { enabled: false } }],
      events: [{ type: 'TOGGLE' }, { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'SYNC', enabled: true }, { type: 'SYNC', enabled: false }],
      actors: { save: { done: { 'saved': {} }, error: { 'no credits': failure(402, 'Your search limit has been reached.', 'search_limit') } } },
      key: (c) => ({ enabled: c.enabled, error: c.error !== null }),
    },
  }),
  define({
    id: 'cases/review',
    file: 'machines/cases/review.machine.ts',
    machine: reviewMachine,
    description: 'The decision review dialog for selected entities of a case or selected cases.',
    walk: {
      events: [
        { type: 'OPEN', target: { kind: 'cases', references: ['AML-1'] } },
        { type: 'EDIT', patch: { match_status: 'False Positive' } },
        { type: 'SUBMIT' },
        { type: 'CANCEL' },
        { type: 'CLOSE' },
      ],
      actors: { submit: { done: { 'decided': {} }, error: { 'refused': failure(400, 'Comment is too long', 'comment_too_long') } } },
      key: (c) => ({ changed: c.draft.match_status !== undefined, invalid: c.invalid?.field ?? null, error: c.error !== null }),
    },
  }),
  define({
    id: 'bulk-upload',
    file: 'machines/bulk-upload/bulk-upload.machine.ts',
    machine: bulkUploadMachine,
    description: 'Bulk Search’s upload modal: choose a file, read and check it, list its problems, start the batch, follow it to the end.',
    walk: {
      events: [
        { type: 'CHOOSE', file: { name: 'people.csv', size: 2_000 } },
        { type: 'CHOOSE', file: { name: 'people.pdf', size: 2_000 } },
        { type: 'NAME', name: 'October onboarding' },
        { type: 'NAME', name: '' },
        { type: 'OPTIONS', options: { match_akas: false } },
        { type: 'SUBMIT' },
        { type: 'UPLOAD_PROGRESS', loaded: 1_000, total: 2_000 },
        { type: 'UPLOADED' },
        { type: 'CHECKED', upload: { upload_id: 'u1', file_name: 'people.csv', rows: 3, entity_limit: 10_000 } },
        { type: 'REFUSED', error: failure(400, 'Errors Found in Your File', 'errors_found_in_file', { problems: [{ row: 2, column: 'entity_type', code: 'bulk_entity_type', value: 'x' }], problem_count: 1 }) },
        { type: 'REFUSED', error: failure(400, 'Incorrect file format', 'incorrect_file_format') },
        { type: 'REFUSED', error: failure(null, 'offline') },
        { type: 'DOWNLOAD_ERRORS' },
        { type: 'START' },
        { type: 'PROGRESS', progress: progress('running', 1) },
        { type: 'PROGRESS', progress: progress('paused', 2) },
        { type: 'PROGRESS', progress: progress('finished', 3) },
        { type: 'PROGRESS', progress: progress('deleted', 2) },
        { type: 'DISMISS' },
        { type: 'FOLLOW_UP' },
        { type: 'RETRY' },
        { type: 'VIEW_CASES' },
        { type: 'CANCEL' },
        { type: 'CLOSE' },
      ],
      actors: {
        start: {
          done: { 'batch started': { batch: { ...progress('queued', 0), name: 'October onboarding' } as BatchView, message: 'Batch October onboarding started: 3 entities to screen.' } },
          error: {
            'name taken': failure(409, 'A batch with this name already exists.', 'batch_name_exists', { field: 'name' }),
            'checked rows gone': failure(400, 'The checked file is no longer available. Please upload it again.', 'batch_upload_missing'),
            'no credits': failure(402, 'Your search limit has been reached.', 'search_limit', { credits_expired: true }),
            'offline': failure(null, 'offline'),
          },
        },
      },
      key: (c) => ({
        file: c.file?.name ?? null,
        name: c.name,
        options: c.options.match_akas,
        errors: Object.keys(c.fieldErrors).filter((k) => c.fieldErrors[k]).sort(),
        sent: c.sent !== null,
        upload: c.upload !== null,
        problems: c.problemCount,
        phase: c.batch?.phase ?? null,
        failedAt: c.failedAt,
        error: c.error?.code ?? null,
      }),
    },
  }),
  define({
    id: 'search-profiles/profile-editor',
    file: 'machines/search-profiles/profile-editor.machine.ts',
    machine: profileEditorMachine,
    description: 'The search profile dialog: create or edit a profile (title, databases, sources, countries, publisher search), checked with the API’s rules, then saved.',
    walk: {
      events: [
        { type: 'CREATE' },
        { type: 'OPEN', profile: SAMPLE_PROFILE },
        { type: 'EDIT', field: 'title', value: 'Sanctions watch' },
        { type: 'EDIT', field: 'title', value: '' },
        { type: 'EDIT', field: 'source_mode', value: 'all' },
        { type: 'TOGGLE_DATABASE', database: 'sanctions' },
        { type: 'TOGGLE_SOURCE', id: 'un_sc_consolidated' },
        { type: 'SUBMIT' },
        { type: 'RETRY' },
        { type: 'CLOSE' },
      ],
      actors: {
        loadSources: { done: { 'the sources': SAMPLE_SOURCES }, error: { 'lists loading': failure(503, 'The screening lists are still loading.', 'lists_loading') } },
        save: {
          done: { 'saved': { code: 'search_profile_created', message: 'Search profile Sanctions watch created.' } },
          error: {
            'title taken': failure(409, 'A profile with this title already exists.', 'profile_title_exists', { field: 'title' }),
            'a list gone meanwhile': failure(400, 'This source is not available: x.', 'profile_source_unknown', { field: 'sources', values: { source: 'x' } }),
          },
        },
      },
      key: (c) => ({
        profile: c.profile?._id ?? null,
        title: c.values.title,
        databases: c.values.databases.join(),
        mode: c.values.source_mode,
        sources: c.values.sources.join(),
        problems: Object.keys(c.problems).filter((k) => c.problems[k]).sort().join(),
        error: c.error?.code ?? null,
        loadError: c.loadError !== null,
      }),
    },
  }),
  define({
    id: 'custom-lists/list-upload',
    file: 'machines/custom-lists/list-upload.machine.ts',
    machine: listUploadMachine,
    description: 'The custom list upload modal: a new list (name, description, type, file) or more records for one, sent and checked; the file’s problems listed and downloadable.',
    walk: {
      starts: [
        { label: 'a new list', input: {} },
        { label: 'records for a list', input: { list: { _id: 'l1', name: 'Fraud ring' } } },
      ],
      events: [
        { type: 'NAME', name: 'Fraud ring' },
        { type: 'DESCRIPTION', description: 'Chargeback fraud' },
        { type: 'TYPE', listType: 'blacklist' },
        { type: 'CHOOSE', file: { name: 'records.csv', size: 2_000 } },
        { type: 'CHOOSE', file: { name: 'records.pdf', size: 2_000 } },
        { type: 'SUBMIT' },
        { type: 'UPLOAD_PROGRESS', loaded: 1_000, total: 2_000 },
        { type: 'UPLOADED' },
        { type: 'STORED', answer: { list: { _id: 'l1', name: 'Fraud ring' } as CustomListView, message: 'List Fraud ring created with 3 records.' } },
        { type: 'REFUSED', error: failure(400, 'Errors Found in Your File', 'errors_found_in_file', { problems: [{ row: 2, column: 'entity_type', code: 'bulk_entity_type', value: 'x' }], problem_count: 1 }) },
        { type: 'REFUSED', error: failure(409, 'A list with this name already exists.', 'list_name_exists', { field: 'name' }) },
        { type: 'REFUSED', error: failure(409, 'This list has been deleted.', 'list_deleted_locked') },
        { type: 'REFUSED', error: failure(null, 'offline') },
        { type: 'DOWNLOAD_ERRORS' },
        { type: 'RETRY' },
        { type: 'CANCEL' },
      ],
      key: (c) => ({
        append: c.list !== null,
        filled: Boolean(c.name && c.description && c.type),
        file: c.file?.name ?? null,
        errors: Object.keys(c.fieldErrors).filter((k) => c.fieldErrors[k]).sort(),
        sent: c.sent !== null,
        problems: c.problemCount,
        error: c.error?.code ?? null,
      }),
    },
  }),
  define({
    id: 'custom-lists/record-form',
    file: 'machines/custom-lists/record-form.machine.ts',
    machine: recordFormMachine,
    description: 'Adding a record to a custom list or editing one: the record’s fields checked with the rules of a file row, then sent.',
    walk: {
      events: [
        { type: 'EDIT', field: 'full_name', value: 'Thaddeus Brannock' },
        { type: 'EDIT', field: 'full_name', value: '' },
        // The entity type is checked as it is chosen: a value the select does not offer is refused at once.
        { type: 'EDIT', field: 'entity_type', value: 'planet', check: true },
        { type: 'EDIT', field: 'entity_type', value: 'company', check: true },
        { type: 'SUBMIT' },
        { type: 'RESET' },
        { type: 'DISMISS' },
        { type: 'FOLLOW_UP' },
      ],
      actors: {
        submit: {
          done: { 'saved': { record: { _id: 'r1' }, message: 'Record added.' } },
          error: { 'list deleted meanwhile': failure(409, 'This list has been deleted.', 'list_deleted_locked'), 'country unknown': failure(400, 'Unknown country code.', 'invalid_country', { field: 'country' }) },
        },
      },
      key: (c) => ({ name: c.values.full_name, type: c.values.entity_type, problems: Object.values(c.fieldErrors).some(Boolean), failed: c.error !== null }),
    },
  }),
  define({
    id: 'custom-lists/record-comments',
    file: 'machines/custom-lists/record-comments.machine.ts',
    machine: recordCommentsMachine,
    description: 'The comments of a custom list record: load, add (the comment rule checked first), edit one’s own in place; disabled without the permission or on a deleted record.',
    walk: {
      starts: [
        { label: 'may comment', input: { recordId: 'r1', permitted: true, writable: true } },
        { label: 'without post_comment_on_listing_entry', input: { recordId: 'r1', permitted: false, writable: true } },
      ],
      events: [
        { type: 'TYPE', text: 'Confirmed with the account manager' },
        { type: 'TYPE', text: 'x' },
        { type: 'ADD' },
        { type: 'EDIT', id: 'c1' },
        { type: 'EDIT_TEXT', text: 'Confirmed again' },
        { type: 'EDIT_TEXT', text: '(x)' },
        { type: 'EDIT_SAVE' },
        { type: 'EDIT_CANCEL' },
        { type: 'RELOAD' },
        { type: 'SYNC', permitted: true, writable: false },
      ],
      actors: {
        load: { done: { 'one comment': { data: [{ _id: 'c1', text: 'Checked', user: { _id: 'u1', name: 'Ada' }, edited: false, last_edited_at: null, created_at: '2026-01-01T00:00:00Z', is_deleted: false, deleted_by: null, deleted_at: null }] } }, error: { 'offline': failure(null, 'offline') } },
        add: { done: { 'added': { _id: 'c2' } }, error: { 'record deleted meanwhile': failure(409, 'This record has been deleted.', 'list_record_deleted_locked'), 'rule refused': failure(400, 'Minimum 2 characters are required.', 'comment_length_min', { field: 'text' }) } },
        update: { done: { 'saved': { _id: 'c1' } }, error: { 'not one’s own': failure(403, 'You can only change your own comments.', 'comment_not_own') } },
      },
      key: (c) => ({ permitted: c.permitted, writable: c.writable, loaded: c.loaded, draft: c.draft.length > 1, draftError: c.draftError, editing: c.editing ? { text: c.editing.text.length > 3, error: c.editing.error } : null, error: c.error?.code ?? null }),
    },
  }),
  define({
    id: 'risk-scoring/engine-editor',
    file: 'machines/risk-scoring/engine-editor.machine.ts',
    machine: engineEditorMachine,
    description: 'The risk engine editor: create or open an engine, edit its thresholds, rules and decisions, try it on a case or a sample record, save a new version or discard.',
    walk: {
      events: [
        { type: 'CREATE' },
        { type: 'OPEN', engineId: 'e1' },
        { type: 'SET_FIELD', field: 'title', value: 'Sanctions desk' },
        { type: 'SET_FIELD', field: 'medium_threshold', value: '' },
        { type: 'ADD_RULE' },
        { type: 'REMOVE_RULE', key: 0 },
        { type: 'SET_RULE', key: 0, field: 'weightage', value: '30' },
        { type: 'SET_DECISION', outcome: 'high_risk', decision: 'failed' },
        { type: 'SET_TRIAL', patch: { mode: 'case', reference: '' } },
        { type: 'SET_TRIAL', patch: { mode: 'sample' } },
        { type: 'TRY' },
        { type: 'SAVE' },
        { type: 'RETRY' },
        { type: 'CLOSE' },
        { type: 'DISCARD' },
        { type: 'KEEP_EDITING' },
      ],
      actors: {
        loadEngine: { done: { 'an engine': RISK_ENGINE }, error: { 'not found': failure(404, 'Not found.', 'not_found') } },
        tryEngine: {
          done: { 'scored': RISK_TRY },
          error: { 'unknown case': failure(404, 'No case has this reference.', 'risk_try_case_unknown', { field: 'reference' }), 'offline': failure(null, 'offline') },
        },
        saveEngine: {
          done: { 'saved': { code: 'risk_engine_updated' } },
          error: { 'title taken': failure(409, 'An engine with this title already exists.', 'risk_title_exists', { field: 'title' }) },
        },
      },
      key: (c) => ({
        existing: c.engineId !== null,
        dirty: !sameDraft(c.draft, c.original),
        valid: Object.keys(draftProblems(c.draft)).length === 0,
        scores: Object.keys(scoringProblems(c.draft)).length === 0,
        checked: c.checked,
        trial: c.trial.mode,
        trialReady: trialProblem(c.trial) === null,
        result: c.trialResult !== null,
        stale: c.trialStale,
        trialProblem: c.trialProblem !== null,
        trialError: c.trialError !== null,
        error: c.error !== null,
      }),
    },
  }),
  define({
    id: 'monitoring-configuration',
    file: 'machines/monitoring-configuration/monitoring-configuration.machine.ts',
    machine: monitoringConfigurationMachine,
    description: 'Monitoring Configuration: the configuration and its summary, edited and saved (read-only without the update permission), and the monitoring report downloaded for a period.',
    walk: {
      starts: [
        { label: 'may update', input: { canUpdate: true } },
        { label: 'read-only', input: { canUpdate: false } },
      ],
      events: [
        { type: 'EDIT', field: 'duration', value: 'custom' },
        { type: 'EDIT', field: 'custom_end_date', value: '2099-12-31' },
        { type: 'EDIT', field: 'channels', value: [] },
        { type: 'SUBMIT' },
        { type: 'DISCARD' },
        { type: 'RETRY' },
        { type: 'PERIOD', period: { date_preset: 'custom' } },
        { type: 'PERIOD', period: { date_preset: 'custom', date_from: '2026-01-01', date_to: '2026-01-31' } },
        { type: 'DOWNLOAD' },
      ],
      actors: {
        load: { done: { 'the defaults': MONITORING_VIEW }, error: { 'offline': failure(null, 'offline') } },
        save: {
          done: { 'saved': { ...MONITORING_VIEW, duration: '90', code: 'monitoring_settings_updated', message: 'Monitoring configuration saved.' } },
          error: {
            'refused on a field': failure(400, 'The end date must be after today.', 'monitoring_end_date_past', { field: 'custom_end_date' }),
            'forbidden': failure(403, 'Permission Denied', 'permission_denied'),
          },
        },
        download: {
          done: { 'downloaded': {} },
          error: { 'range refused': failure(400, 'Future dates are not allowed.', 'future_date', { field: 'date_to' }), 'offline': failure(null, 'offline') },
        },
      },
      key: (c) => ({
        view: c.view?.duration ?? null,
        duration: c.values.duration,
        end: c.values.custom_end_date,
        channels: c.values.channels.length,
        errors: Object.keys(c.fieldErrors).filter((k) => c.fieldErrors[k]).sort().join(),
        error: c.error !== null,
        preset: c.period.date_preset,
        range: c.period.date_from !== '',
        periodErrors: Object.keys(c.periodErrors).sort().join(),
      }),
    },
  }),
  define({
    id: 'api-keys/key-generator',
    file: 'machines/api-keys/key-generator.machine.ts',
    machine: keyGeneratorMachine,
    description: 'The "Generate API key" dialog: name, validity in days and the password, checked with the API’s rules, sent, and the whole key shown once.',
    walk: {
      events: [
        { type: 'OPEN' },
        { type: 'EDIT', field: 'name', value: 'Onboarding service' },
        { type: 'EDIT', field: 'name', value: '' },
        { type: 'EDIT', field: 'password', value: 'Admin-2026!' },
        { type: 'SUBMIT' },
        { type: 'CLOSE' },
        { type: 'DISMISS' },
      ],
      actors: {
        generate: {
          done: { 'generated': { api_key: 'amlk_3fA9c1xYfullsecret', key: SAMPLE_API_KEY, code: 'api_key_created', message: 'API key generated. Copy it now: it will not be shown again.' } },
          error: { 'wrong password': failure(400, 'Incorrect password', 'password_incorrect', { field: 'password' }), 'offline': failure(null, 'offline') },
        },
      },
      key: (c) => ({ name: c.values.name, password: c.values.password !== '', problems: Object.keys(c.problems).filter((k) => c.problems[k]).sort().join(), error: c.error?.code ?? null, created: c.created !== null }),
    },
  }),
  define({
    id: 'api-keys/key-deletion',
    file: 'machines/api-keys/key-deletion.machine.ts',
    machine: keyDeletionMachine,
    description: 'Deleting an API key: a confirmation naming the key that asks for the password, then the request.',
    walk: {
      events: [{ type: 'OPEN', key: SAMPLE_API_KEY }, { type: 'PASSWORD', password: '' }, { type: 'PASSWORD', password: 'Admin-2026!' }, { type: 'SUBMIT' }, { type: 'CLOSE' }],
      actors: {
        remove: {
          done: { 'deleted': { code: 'api_key_deleted', message: 'API key deleted.' } },
          error: { 'wrong password': failure(400, 'Incorrect password', 'password_incorrect', { field: 'password' }), 'already gone': failure(404, 'Not found.', 'not_found') },
        },
      },
      key: (c) => ({ key: c.key?._id ?? null, password: c.password !== '', problem: c.problem, error: c.error?.code ?? null }),
    },
  }),
  define({
    id: 'web-hooks/webhook-editor',
    file: 'machines/web-hooks/webhook-editor.machine.ts',
    machine: webhookEditorMachine,
    description: 'The "Register a web hook" dialog: name, endpoint and type, checked with the API’s rules, then sent.',
    walk: {
      events: [
        { type: 'OPEN' },
        { type: 'EDIT', field: 'name', value: 'Case desk' },
        { type: 'EDIT', field: 'endpoint', value: 'https://hooks.example.com/aml' },
        { type: 'EDIT', field: 'type', value: 'status_change' },
        { type: 'EDIT', field: 'name', value: '' },
        { type: 'SUBMIT' },
        { type: 'CLOSE' },
      ],
      actors: {
        create: {
          done: { 'created': { code: 'webhook_created', message: 'Web hook Case desk registered.', webhook: SAMPLE_WEBHOOK } },
          error: { 'address refused': failure(400, 'This address cannot be called.', 'outbound_refused', { field: 'endpoint' }), 'offline': failure(null, 'offline') },
        },
      },
      key: (c) => ({ ...c.values, problems: Object.keys(c.problems).filter((k) => c.problems[k]).sort().join(), error: c.error?.code ?? null }),
    },
  }),
  define({
    id: 'web-hooks/webhook-actions',
    file: 'machines/web-hooks/webhook-actions.machine.ts',
    machine: webhookActionsMachine,
    description: 'The web hooks screen’s one-click actions (send a test, enable, disable, replay a delivery), one at a time, each told to the screen for its snack bar.',
    walk: {
      events: [{ type: 'RUN', action: { kind: 'test', id: 'w1' } }, { type: 'RUN', action: { kind: 'replay', id: 'd1' } }],
      actors: {
        run: {
          done: { 'sent': { code: 'webhook_test_sent', message: 'Test event sent.' } },
          error: { 'endpoint disabled': failure(409, 'This web hook is disabled.', 'webhook_disabled'), 'offline': failure(null, 'offline') },
        },
      },
      key: (c) => ({ running: c.running?.kind ?? null }),
    },
  }),
  define({
    id: 'media/media-search',
    file: 'machines/media/media-search.machine.ts',
    machine: mediaSearchMachine,
    description: 'Media Search: keyword chips with their modes and the filters, the search and "Fetch more" (each a paid check, the second confirmed first), the credits-expired dialog, and "Save as media case".',
    walk: {
      starts: [
        { label: 'credits left', input: { search: '', credits: { alloted: 1000, used: 0 } } },
        { label: 'a shared search, no credit left', input: { search: '?kw=all:fraud&match=exact', credits: { alloted: 10, used: 10 } } },
      ],
      events: [
        { type: 'TYPE', text: 'fraud,' },
        { type: 'TYPE', text: 'bank' },
        { type: 'TYPE', text: 'x,' },
        { type: 'ADD_KEYWORD' },
        { type: 'REMOVE_KEYWORD', index: 0 },
        { type: 'SET_MODE', index: 0, mode: 'exclude' },
        { type: 'SET', patch: { windowAmount: '5000' } },
        { type: 'SET', patch: { windowAmount: '' } },
        { type: 'CLEAR' },
        { type: 'SEARCH' },
        { type: 'MORE' },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
        { type: 'DISMISS' },
        { type: 'FOLLOW_UP' },
        { type: 'SAVE_CASE' },
        { type: 'NAME', value: 'x' },
        { type: 'NAME', value: 'Acme review' },
        { type: 'SUBMIT' },
        { type: 'CLOSE' },
      ],
      actors: {
        search: {
          done: { 'articles': { total: 45, offset: 0, results: [SAMPLE_ARTICLE], credits: { alloted: 1000, used: 1 } }, 'nothing': { total: 0, offset: 0, results: [] } },
          error: { 'no credits': failure(402, 'Your Media Watcher credits have run out.', 'media_credits', { credits_expired: true }), 'offline': failure(null, 'offline') },
        },
        fetchMore: {
          done: { 'the next page': { total: 45, offset: 20, results: [{ ...SAMPLE_ARTICLE, id: 'a2' }] } },
          error: { 'no credits': failure(402, 'Your Media Watcher credits have run out.', 'media_credits', { credits_expired: true }), 'offline': failure(null, 'offline') },
        },
        createCase: {
          done: { 'saved': { reference: 'MW-000001', code: 'media_case_created', message: 'Media case saved.' } },
          error: { 'refused': failure(400, 'Invalid name.', 'media_case_name_length', { field: 'name' }) },
        },
      },
      key: (c) => ({
        searchable: draftProblem(c.text.trim() ? { ...c.draft, keywords: [...c.draft.keywords, { term: c.text, mode: 'all' }] } : c.draft) === null,
        keywords: queryOf(c.draft).keywords.length,
        text: c.text !== '',
        problem: c.problem !== null || c.keywordProblem !== null,
        credits: c.credits.alloted - c.credits.used > 0,
        query: c.query !== null,
        results: c.results.length > 0,
        more: c.offset + 20 < c.total,
        name: c.caseName.length > 1,
      }),
    },
  }),
  define({
    id: 'media/media-cases',
    file: 'machines/media/media-cases.machine.ts',
    machine: mediaCasesMachine,
    description: 'Media Manage Case’s list, driven by the address, with marking cases read or unread and the export of the filtered cases.',
    walk: {
      starts: [{ label: 'the plain list', input: { search: '' } }],
      events: [
        { type: 'LOCATION', search: '?page=3' },
        { type: 'EDIT', filters: { read: 'unread' } },
        { type: 'EDIT', filters: { date_preset: 'custom', date_from: '2026-02-01', date_to: '2026-01-01' } },
        { type: 'DRAFT', filters: { search: 'acme' } },
        { type: 'DRAFT', filters: { category: 'fraud' } },
        { type: 'APPLY' },
        { type: 'PAGE', page: 2 },
        { type: 'PAGE_SIZE', pageSize: 50 },
        { type: 'RELOAD' },
        { type: 'SELECT', selection: { 'MW-000001': true } },
        { type: 'ACTED' },
        { type: 'MARK', references: ['MW-000001'], is_read: true },
        { type: 'EXPORT', format: 'csv' },
      ],
      actors: {
        load: { done: { 'rows': { data: [SAMPLE_MEDIA_CASE], total: 1 }, 'past the end': { data: [], total: 1 } }, error: { 'offline': failure(null, 'offline') } },
        mark: { done: { 'marked': { updated: 1 } }, error: { 'offline': failure(null, 'offline') } },
        download: { done: { 'downloaded': {} }, error: { 'offline': failure(null, 'offline') } },
      },
      key: (c) => ({ view: mediaCasesAddress(c.view), draft: c.draft.search, rows: c.rows.length, loaded: c.loaded, range: c.rangeError?.rule ?? null, selected: Object.keys(c.selection).length, marking: c.marking !== null }),
    },
  }),
  define({
    id: 'media/media-case',
    file: 'machines/media/media-case.machine.ts',
    machine: mediaCaseMachine,
    description: 'A media case’s page: loaded and marked read, its name, status and risk level edited and saved, each article’s review saved as it is chosen; read-only once deleted.',
    walk: {
      starts: [{ label: 'a media case', input: { reference: 'MW-000001' } }],
      events: [
        { type: 'EDIT', patch: { case_status: 'Passed' } },
        { type: 'EDIT', patch: { name: 'x' } },
        { type: 'SAVE' },
        { type: 'DISCARD' },
        { type: 'SET_MATCH', id: 'a1', match_status: 'True Positive' },
        { type: 'RELOAD' },
        { type: 'RETRY' },
      ],
      actors: {
        load: {
          done: { 'an unread case': mediaDetail({}), 'a read case': mediaDetail({ is_read: true }), 'a deleted case': mediaDetail({ is_read: true, is_deleted: true }) },
          error: { 'not found': failure(404, 'Not found.', 'not_found') },
        },
        read: { done: { 'marked read': { updated: 1 } }, error: { 'offline': failure(null, 'offline') } },
        update: {
          done: { 'saved': { ...SAMPLE_MEDIA_CASE, is_read: true, case_status: 'Passed', code: 'media_case_updated', message: 'Media case updated.' } },
          error: { 'offline': failure(null, 'offline') },
        },
      },
      key: (c) => ({
        detail: c.detail ? `${c.detail.case.is_read}/${c.detail.case.is_deleted}/${c.detail.case.case_status}/${c.detail.articles[0]?.match_status}` : null,
        draft: JSON.stringify(c.draft),
        nameProblem: c.nameProblem,
        error: c.error !== null,
        saveError: c.saveError !== null,
        reviewing: c.reviewing !== null,
      }),
    },
  }),
  define({
    id: 'custom-sources/custom-sources',
    file: 'machines/custom-sources/custom-sources.machine.ts',
    machine: customSourcesMachine,
    description: 'The custom sources table: read again every few seconds while a source is In-Progress or was just asked to read; pause, resume and "Read now" one at a time.',
    walk: {
      events: [
        { type: 'PAGE', page: 2 },
        { type: 'RELOAD' },
        { type: 'RUN', action: { kind: 'poll', source: customSource('Live') } },
        { type: 'RUN', action: { kind: 'pause', source: customSource('Live') } },
      ],
      actors: {
        load: {
          done: { 'a source on its first read': { data: [customSource('In-Progress')], total: 1 }, 'live sources': { data: [customSource('Live')], total: 1 }, 'past the end': { data: [], total: 1 } },
          error: { 'offline': failure(null, 'offline') },
        },
        run: {
          done: { 'done': { ...customSource('Live'), code: 'custom_source_poll_started', message: 'Reading Example Times now.' } },
          error: { 'paused': failure(409, 'This source is paused. Resume it first.', 'custom_source_inactive') },
        },
      },
      key: (c) => ({ page: c.page, rows: c.rows.map((r: CustomSourceView) => r.status).join(), total: c.total, loaded: c.loaded, error: c.error !== null, watching: c.watching, running: c.running?.kind ?? null }),
    },
  }),
  define({
    id: 'custom-sources/source-editor',
    file: 'machines/custom-sources/source-editor.machine.ts',
    machine: sourceEditorMachine,
    description: 'The "Add custom source" and "Edit custom source" dialog: publisher name, link, description and frequency, checked with the API’s rules, then sent.',
    walk: {
      events: [
        { type: 'OPEN' },
        { type: 'OPEN', source: customSource('Live') },
        { type: 'EDIT', field: 'publisher_name', value: '<b>' },
        { type: 'EDIT', field: 'url', value: 'https://news.example.com/rss' },
        { type: 'SUBMIT' },
        { type: 'CLOSE' },
      ],
      actors: {
        save: {
          done: { 'saved': { ...customSource('In-Progress'), code: 'custom_source_created', message: 'Custom source Example Times added.' } },
          error: { 'feed taken': failure(409, 'This feed is already one of your custom sources.', 'custom_source_exists', { field: 'url' }) },
        },
      },
      key: (c) => ({ editing: c.editing?.id ?? null, values: JSON.stringify(c.values), problems: Object.keys(c.problems).filter((k) => c.problems[k]).sort().join(), error: c.error?.code ?? null }),
    },
  }),
  // Transaction monitoring's statecharts, with their samples beside them (machines/transactions/walk-samples.ts).
  ...(TM_CATALOGUE as CatalogueEntry[]),
  // The demo's search form and its "Request full account" dialog (machines/demo/walk-samples.ts).
  ...(DEMO_CATALOGUE as CatalogueEntry[]),
  // The billing screens' statecharts, with their samples beside them (machines/billing/walk-samples.ts).
  ...(BILLING_CATALOGUE as CatalogueEntry[]),
  // Usage statistics and a report link's page, with their samples beside them (machines/usage/walk-samples.ts).
  ...(USAGE_CATALOGUE as CatalogueEntry[]),
  define({
    id: 'landing',
    file: 'machines/landing/landing.machine.ts',
    machine: landingMachine,
    description: 'Where "/" leads a user: a chain of guarded decisions ending in a destination.',
    walk: {
      starts: landingStarts(),
      events: [],
    },
  }),
];

/** Landing decides from its input alone: one start per destination. */
function landingStarts(): Start[] {
  const org = (o: Record<string, unknown> = {}) => ({
    is_demo: false,
    service_types: ['aml_screening'],
    transaction_monitoring: false,
    usage_report: false,
    show_monitoring_configuration: false,
    billing_type: 'invoice',
    plan_details: null,
    ...o,
  });
  return [
    { label: 'signed out', input: { access: null } },
    { label: 'the demo organisation', input: { access: { permissions: ['view_dashboard'], organisation: org({ is_demo: true }) } } },
    { label: 'no permissions', input: { access: { permissions: [], organisation: org() } } },
    { label: 'plan billing without a plan, may pay', input: { access: { permissions: ['update_payment_method'], organisation: org({ billing_type: 'plan' }) } } },
    { label: 'plan billing without a plan, may screen', input: { access: { permissions: ['create_new_case', 'view_case'], organisation: org({ billing_type: 'plan' }) } } },
    { label: 'plan billing without a plan, nothing else', input: { access: { permissions: ['view_users'], organisation: org({ billing_type: 'plan' }) } } },
    { label: 'may see the dashboard', input: { access: { permissions: ['view_dashboard'], organisation: org() } } },
    { label: 'another menu item', input: { access: { permissions: ['create_new_case'], organisation: org() } } },
    { label: 'nothing on the menu', input: { access: { permissions: ['update_payment_method'], organisation: org() } } },
  ];
}

export function findMachine(id: string): CatalogueEntry {
  const entry = catalogue.find((e) => e.id === id || e.machine.id === id);
  if (!entry) throw new Error(`no machine "${id}" in the catalogue; known: ${catalogue.map((e) => e.id).join(', ')}`);
  return entry;
}
