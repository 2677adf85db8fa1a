/** Auth states and challenges for session-machine tests. */
import type { AuthState, OtpChallenge } from '../../common/session';

export function authState(overrides: Partial<AuthState> = {}): AuthState {
  return {
    access_token: 'aml_token_1',
    expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
    user: {
      _id: 'u1',
      name: 'Ada Administrator',
      email: 'admin@example.com',
      role: { _id: 'r1', name: 'Administrator' },
      is_active: true,
      email_2fa: { is_enabled: false, verified_at: null },
      app_2fa: { is_enabled: false, verified_at: null },
      new_feature_added: false,
      language: null,
      email_notifications: true,
      has_password: true,
      last_login_at: null,
      created_at: '2026-01-01T00:00:00Z',
    },
    role: { _id: 'r1', name: 'Administrator', is_admin: true },
    permissions: [{ name: 'view_dashboard' }],
    limits: {
      aml_screening: { alloted: null, used: 0 },
      media_watcher: { alloted: 10, used: 0 },
      transaction_monitoring: { alloted: null, used: 0 },
      daily_search_limit: null,
    },
    organisation_id: 'o1',
    organisation: {
      id: 'o1',
      name: 'Northwind',
      is_demo: false,
      service_types: ['aml_screening'],
      transaction_monitoring: false,
      usage_report: false,
      show_monitoring_configuration: false,
      billing_type: 'invoice',
      plan_details: null,
      media_watcher_credits_alloted: 10,
      media_watcher_credits_used: 0,
      white_labeling_for: null,
    },
    redirect_url: '/dashboard',
    ...overrides,
  };
}

export function challenge(method: 'email' | 'app', canUseEmail = false): OtpChallenge {
  return {
    otp_required: true,
    otp_token: `otp_${method}`,
    authentication_type: method,
    email: 'ad***@example.com',
    can_use_email: canUseEmail,
    expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  };
}

export const failureOf = (status: number | null, message: string, code?: string) => ({ status, message, code });
