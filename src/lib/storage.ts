/** Local storage, in one place, so "clear everything but the welcome flags" is written once. */
import { STORAGE_KEYS, STORAGE_KEYS_KEPT_ON_LOGOUT } from '@common/constants';
import type { AuthState } from '@common/session';

const OTP_KEY = 'aml.otpToken';

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const storage = {
  session: () => read<AuthState>(STORAGE_KEYS.session),
  saveSession: (session: AuthState) => localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session)),
  otpToken: () => localStorage.getItem(OTP_KEY),
  saveOtpToken: (token: string) => localStorage.setItem(OTP_KEY, token),
  forgetOtpToken: () => localStorage.removeItem(OTP_KEY),
  language: () => localStorage.getItem(STORAGE_KEYS.language),
  saveLanguage: (language: string) => localStorage.setItem(STORAGE_KEYS.language, language),
  /** A first-visit welcome (Media Watcher's) was dismissed; the flag survives logout (section 9). */
  welcomeSeen: (key: (typeof STORAGE_KEYS_KEPT_ON_LOGOUT)[number]) => localStorage.getItem(key) === '1',
  rememberWelcome: (key: (typeof STORAGE_KEYS_KEPT_ON_LOGOUT)[number]) => localStorage.setItem(key, '1'),

  /** Section 9: on logout everything goes except the search-modal and media-watcher welcome flags. */
  clearAllButKept() {
    const kept = STORAGE_KEYS_KEPT_ON_LOGOUT.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  },
};
