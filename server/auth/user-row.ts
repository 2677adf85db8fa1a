/** A row of the users table, as the auth code reads it. */
export interface UserRow {
  id: string;
  organisation_id: string;
  role_id: string;
  name: string;
  email: string;
  password_hash: string | null;
  /** A new sign-in e-mail waiting for its owner's confirmation. */
  pending_email: string | null;
  is_active: boolean;
  email_2fa_enabled: boolean;
  email_2fa_verified_at: Date | null;
  app_2fa_enabled: boolean;
  app_2fa_verified_at: Date | null;
  app_2fa_secret: string | null;
  app_2fa_pending_secret: string | null;
  app_2fa_last_step: number;
  language: string | null;
  email_notifications: boolean;
  new_feature_added: boolean;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
