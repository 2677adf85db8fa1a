/**
 * Languages: every visible string comes from locales/<lang>.json. The chosen
 * language is kept in local storage (English when none is chosen) and
 * Arabic turns the page right-to-left. Catalogues are chunks of their own,
 * loaded when their language is chosen, in two parts (scripts/locale-parts.mjs): the
 * public pages' strings, which the app waits for before it first draws
 * (loadInitialLanguage), and the signed-in app's, which signed-in pages wait
 * for (useAppMessages). No text ever shows untranslated.
 */
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { LANGUAGES, RTL_LANGUAGES, type Language } from '@common/enums';
import { MESSAGES, type MessageId } from '@common/messages';
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

/** The public pages' namespaces, and the rest (the split is made by the build: scripts/locale-parts.mjs). */
type LocalePart = 'public' | 'app';
type Loader = () => Promise<{ default: unknown }>;
const LOADERS: Record<Language, Record<LocalePart, Loader>> = {
  en: { public: () => import('@locales/en.json?public'), app: () => import('@locales/en.json?app') },
  es: { public: () => import('@locales/es.json?public'), app: () => import('@locales/es.json?app') },
  fr: { public: () => import('@locales/fr.json?public'), app: () => import('@locales/fr.json?app') },
  de: { public: () => import('@locales/de.json?public'), app: () => import('@locales/de.json?app') },
  ar: { public: () => import('@locales/ar.json?public'), app: () => import('@locales/ar.json?app') },
  ru: { public: () => import('@locales/ru.json?public'), app: () => import('@locales/ru.json?app') },
};

const parts = new Map<string, Promise<Record<string, string>>>();

function loadPart(language: Language, part: LocalePart): Promise<Record<string, string>> {
  const key = `${language}:${part}`;
  let promise = parts.get(key);
  if (!promise) {
    promise = LOADERS[language][part]().then((m) => flatten(m.default as Tree));
    // A failed download is tried again the next time the part is wanted.
    promise.catch(() => parts.delete(key));
    parts.set(key, promise);
  }
  return promise;
}

/** Whether signed-in pages have asked for their strings (from then on, every language switch loads both parts). */
let appPartWanted = false;

/**
 * A language's messages. Only that language is downloaded: every locale file holds every key of the English
 * one (tests/unit/locales.test.ts), so an English copy underneath would only add to what the sign-in page waits for.
 */
async function loadCatalogue(language: Language): Promise<{ messages: Record<string, string>; complete: boolean }> {
  const wanted: LocalePart[] = appPartWanted ? ['public', 'app'] : ['public'];
  const loaded = await Promise.all(wanted.map((part) => loadPart(language, part)));
  return { messages: Object.assign({}, ...loaded), complete: wanted.includes('app') };
}

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
interface Catalogue {
  language: Language;
  messages: Record<string, string>;
  /** Holds the signed-in app's strings too. */
  complete: boolean;
}
let catalogue: Catalogue = { language: initialLanguage(), messages: {}, complete: false };
/** The signed-in app's strings could not be downloaded: draw anyway rather than wait for ever. */
let appPartFailed = false;
let current: Language = catalogue.language;
let requested: Language = current;
const listeners = new Set<() => void>();
const cache = createIntlCache();
// Until the first catalogue arrives, server messages fall back to their English text (MESSAGES).
let intl: IntlShape = createIntl({ locale: current, messages: {}, defaultLocale: 'en' }, cache);

function apply(next: Catalogue) {
  catalogue = next;
  current = next.language;
  intl = createIntl({ locale: next.language, messages: next.messages, defaultLocale: 'en' }, cache);
  // Set before React draws, so a right-to-left page never shows left-to-right first.
  if (typeof document !== 'undefined') {
    document.documentElement.lang = next.language;
    document.documentElement.dir = isRtl(next.language) ? 'rtl' : 'ltr';
  }
  listeners.forEach((l) => l());
}

/** Loads what `language` needs now and switches to it, unless another language was chosen meanwhile. */
async function switchTo(language: Language): Promise<void> {
  try {
    let loaded = await loadCatalogue(language);
    // Signed-in pages asked for their strings while this was loading: never go back to fewer.
    while (appPartWanted && !loaded.complete) loaded = await loadCatalogue(language);
    if (requested === language) apply({ language, ...loaded });
  } catch (error) {
    console.error(error);
    if (appPartWanted && !catalogue.complete) {
      appPartFailed = true;
      listeners.forEach((l) => l());
    }
  }
}

/** Loads the language the page starts in; the app draws once it is here (or failed: then English texts of MESSAGES only). */
export function loadInitialLanguage(): Promise<void> {
  return switchTo(current);
}

/** Switches language once its catalogue is loaded; the choice is kept at once, so a reload starts in it. */
export async function setLanguage(language: Language): Promise<void> {
  requested = language;
  storage.saveLanguage(language);
  if (language === current && Object.keys(catalogue.messages).length > 0) return;
  await switchTo(language);
}

/** Loads the signed-in app's strings (in the current language); signed-in pages wait for them. */
export function loadAppMessages(): Promise<void> {
  if (catalogue.complete) return Promise.resolve();
  appPartWanted = true;
  return switchTo(requested);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** True once the signed-in app's strings are in (or could not be had); asks for them when `wanted`. */
export function useAppMessages(wanted = true): boolean {
  const complete = useSyncExternalStore(subscribe, () => catalogue.complete);
  const failed = useSyncExternalStore(subscribe, () => appPartFailed);
  useEffect(() => {
    if (wanted && !complete) void loadAppMessages();
  }, [wanted, complete]);
  return complete || failed;
}

export const getLanguage = () => current;
export const getIntl = () => intl;
export const isRtl = (language: Language) => RTL_LANGUAGES.includes(language);

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, () => current);
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
    // A missing translation cannot ship (the locale tests); anything else is worth seeing.
    if (error.code !== 'MISSING_TRANSLATION') console.error(error);
  }, []);
  const messages = useSyncExternalStore(subscribe, () => catalogue.messages);
  return (
    <IntlProvider locale={language} messages={messages} defaultLocale="en" onError={onError}>
      <DirectionContext.Provider value={dir}>{children}</DirectionContext.Provider>
    </IntlProvider>
  );
}
