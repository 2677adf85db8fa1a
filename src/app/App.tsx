/** Providers: languages, the organisation's colour scheme, snack bars, the offline notice, the router. */
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { selectOrganisation } from '@machines/session/session.selectors';
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

export function App() {
  const organisation = useSession(selectOrganisation);
  const system = systemForScheme(organisation?.white_labeling_for);
  return (
    <I18nProvider>
      <ChakraProvider value={system}>
        <DirectionForComponents>
          <Router />
          <MobileAlert />
          <OfflineNotice />
          <Toaster />
        </DirectionForComponents>
      </ChakraProvider>
    </I18nProvider>
  );
}
