/** Providers: languages, the organisation's colour scheme, snack bars, the offline notice, the router. */
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { brandIconPath, schemeOf, type Scheme } from '@common/brands';
import { selectOrganisation } from '@machines/session/session.selectors';
import { BrandSchemeContext } from '../components/Logo';
import { I18nProvider, messageById, useLanguage } from '../lib/i18n';
import { Toaster, notify } from '../lib/toaster';
import { Router } from './Router';
import { MobileAlert } from './shell/MobileAlert';
import { systemForScheme } from './theme';
import { useSession } from './useSession';

function OfflineNotice() {
  useEffect(() => {
    const onOffline = () => notify.error(messageById('offline'));
    window.addEventListener('offline', onOffline);
    return () => window.removeEventListener('offline', onOffline);
  }, []);
  return null;
}

/** Ark-based parts (dialogs, drawers, menus, pagination) read the direction from here, not from <html dir>. */
function DirectionForComponents({ children }: { children: ReactNode }) {
  return <LocaleProvider locale={useLanguage()}>{children}</LocaleProvider>;
}

/** The browser tab shows the scheme's mark too; the page's own link starts with the default one. */
function SchemeIcon({ scheme }: { scheme: Scheme }) {
  useEffect(() => {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = brandIconPath(scheme);
  }, [scheme]);
  return null;
}

export function App() {
  const organisation = useSession(selectOrganisation);
  // The organisation's scheme; signed out (the public pages) there is no organisation, so the default one.
  const scheme = schemeOf(organisation?.white_labeling_for);
  const system = systemForScheme(scheme);
  return (
    <I18nProvider>
      <ChakraProvider value={system}>
        <BrandSchemeContext.Provider value={scheme}>
          <DirectionForComponents>
            <Router />
            <MobileAlert />
            <OfflineNotice />
            <Toaster />
            <SchemeIcon scheme={scheme} />
          </DirectionForComponents>
        </BrandSchemeContext.Provider>
      </ChakraProvider>
    </I18nProvider>
  );
}
