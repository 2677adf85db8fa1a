/**
 * Snack bars (section 8): 3000 ms, four kinds, each with its heading. The toast
 * machinery (toaster-view) is a chunk of its own, fetched once the page has
 * drawn (or with the first snack bar, if that comes sooner), so it never delays
 * the first page and is at hand when the connection drops.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { NOTIFICATION_TOAST_MS, SNACKBAR_MS } from '@common/constants';
import { getIntl } from './i18n';

type Kind = 'success' | 'error' | 'info' | 'warning';
const HEADINGS: Record<Kind, string> = {
  success: 'snackbar.success',
  error: 'snackbar.error',
  info: 'snackbar.information',
  warning: 'snackbar.warning',
};

const loadView = () => import('./toaster-view');
let needed = false;
const listeners = new Set<() => void>();

function need() {
  if (needed) return;
  needed = true;
  listeners.forEach((l) => l());
}

function show(type: Kind, description: string, duration = SNACKBAR_MS) {
  // The heading is translated now, in the language of the moment the message arose.
  const title = getIntl().formatMessage({ id: HEADINGS[type] });
  need();
  loadView().then(
    ({ toaster }) => toaster.create({ type, title, description, duration, closable: true }),
    (error) => console.error(error),
  );
}

export const notify = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
  /** In-app notifications flash for one second. */
  notification: (text: string) => show('info', text, NOTIFICATION_TOAST_MS),
};

const ToasterView = lazy(() => loadView().then((m) => ({ default: m.ToasterView })));

/** Where snack bars appear: loaded when the browser is idle after the first page has drawn. */
export function Toaster() {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(need, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(need, 500);
    return () => clearTimeout(timer);
  }, []);
  const show = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => needed,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
