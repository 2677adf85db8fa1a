/** The shapes the auth calls answer with (section 3 "Auth state" and "User"). */
import type { OrganisationDetail } from './organisation';

export interface UserView {
  _id: string;
  name: string;
  email: string;
  role: { _id: string; name?: string };
  is_active: boolean;
  email_2fa: { is_enabled: boolean; verified_at: string | null };
  app_2fa: { is_enabled: boolean; verified_at: string | null };
  new_feature_added: boolean;
  language: string | null;
  email_notifications: boolean;
  has_password: boolean;
  last_login_at: string | null;
  created_at: string;
}

export interface CreditLimit {
  alloted: number | null;
  used: number;
}

export interface AuthState {
  access_token: string;
  expires_at: string;
  user: UserView;
  role: { _id: string; name: string; is_admin: boolean };
  permissions: { name: string }[];
  limits: {
    aml_screening: CreditLimit;
    media_watcher: CreditLimit;
    transaction_monitoring: CreditLimit;
    daily_search_limit: number | null;
  };
  organisation_id: string;
  organisation: OrganisationDetail;
  redirect_url: string;
}

/** Login's answer when a second factor is needed. */
export interface OtpChallenge {
  otp_required: true;
  otp_token: string;
  authentication_type: 'email' | 'app';
  email: string;
  can_use_email: boolean;
  expires_at: string;
}

export type LoginAnswer = AuthState | OtpChallenge;

export const isOtpChallenge = (answer: LoginAnswer): answer is OtpChallenge => 'otp_required' in answer && answer.otp_required === true;
