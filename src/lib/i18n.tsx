/**
 * Languages: every visible string comes from locales/<lang>.json. The chosen
 * language is kept in local storage (English fallback, per key as well) and
 * Arabic turns the page right-to-left.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { LANGUAGES, RTL_LANGUAGES, type Language } from '@common/enums';
import { MESSAGES, type MessageId } from '@common/messages';
import en from '@locales/en.json';
import es from '@locales/es.json';
import fr from '@locales/fr.json';
import de from '@locales/de.json';
import ar from '@locales/ar.json';
import ru from '@locales/ru.json';
import { storage } from './storage';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[id] = value;
    else flatten(value, id, out);
  }
  return out;
}

const english = flatten(en as Tree);
const catalogues: Record<Language, Record<string, string>> = {
  en: english,
  es: { ...english, ...flatten(es as Tree) },
  fr: { ...english, ...flatten(fr as Tree) },
  de: { ...english, ...flatten(de as Tree) },
  ar: { ...english, ...flatten(ar as Tree) },
  ru: { ...english, ...flatten(ru as Tree) },
};

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
  ru: 'Русский',
};

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

function initialLanguage(): Language {
  const stored = storage.language();
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : 'en';
  return isLanguage(browser) ? browser : 'en';
}

// A tiny store, so code outside React (toasts, the API layer) translates with the same language.
let current: Language = initialLanguage();
const listeners = new Set<() => void>();
const cache = createIntlCache();
let intl: IntlShape = createIntl({ locale: current, messages: catalogues[current], defaultLocale: 'en' }, cache);

export function setLanguage(language: Language) {
  if (language === current) return;
  current = language;
  storage.saveLanguage(language);
  intl = createIntl({ locale: current, messages: catalogues[current], defaultLocale: 'en' }, cache);
  listeners.forEach((l) => l());
}

export const getLanguage = () => current;
export const getIntl = () => intl;
export const isRtl = (language: Language) => RTL_LANGUAGES.includes(language);

export function useLanguage(): Language {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/**
 * Text for a server or validation message: the translated message id when we
 * know it, otherwise the server's own text (already chosen by section 8's priority).
 */
export function messageText(code: string | undefined | null, fallback: string, values?: Record<string, string | number>): string {
  if (code && code in MESSAGES) {
    const id = `msg.${code}`;
    if (intl.messages[id]) return intl.formatMessage({ id }, values);
  }
  return fallback;
}

export function messageById(id: MessageId, values?: Record<string, string | number>) {
  return intl.formatMessage({ id: `msg.${id}`, defaultMessage: MESSAGES[id] }, values);
}

const DirectionContext = createContext<'ltr' | 'rtl'>('ltr');
export const useDirection = () => useContext(DirectionContext);

export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const dir = isRtl(language) ? 'rtl' : 'ltr';
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = dir;
  }, [language, dir]);
  const onError = useCallback((error: { code?: string }) => {
    // Missing translations fall back to English by design; anything else is worth seeing.
    if (error.code !== 'MISSING_TRANSLATION') console.error(error);
  }, []);
  const messages = useMemo(() => catalogues[language], [language]);
  return (
    <IntlProvider locale={language} messages={messages} defaultLocale="en" onError={onError}>
      <DirectionContext.Provider value={dir}>{children}</DirectionContext.Provider>
    </IntlProvider>
  );
}
