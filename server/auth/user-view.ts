/** The "User" of section 3 as the API returns it; secrets and hashes never leave the server. */
import type { Row } from '../db/client';

export function toUserView(row: Row) {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role_name !== undefined ? { _id: row.role_id, name: row.role_name } : { _id: row.role_id },
    is_active: row.is_active,
    email_2fa: { is_enabled: row.email_2fa_enabled, verified_at: row.email_2fa_verified_at ?? null },
    app_2fa: { is_enabled: row.app_2fa_enabled, verified_at: row.app_2fa_verified_at ?? null },
    new_feature_added: row.new_feature_added,
    language: row.language,
    email_notifications: row.email_notifications,
    has_password: Boolean(row.password_hash),
    last_login_at: row.last_login_at ?? null,
    created_at: row.created_at,
  };
}
