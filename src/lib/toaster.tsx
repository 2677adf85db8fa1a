/** Snack bars (section 8): 3000 ms, four kinds, each with its heading. */
import { Portal, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { NOTIFICATION_TOAST_MS, SNACKBAR_MS } from '@common/constants';
import { getIntl } from './i18n';

export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

type Kind = 'success' | 'error' | 'info' | 'warning';
const HEADINGS: Record<Kind, string> = {
  success: 'snackbar.success',
  error: 'snackbar.error',
  info: 'snackbar.information',
  warning: 'snackbar.warning',
};

function show(type: Kind, description: string, duration = SNACKBAR_MS) {
  toaster.create({ type, title: getIntl().formatMessage({ id: HEADINGS[type] }), description, duration, closable: true });
}

export const notify = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
  /** In-app notifications flash for one second. */
  notification: (text: string) => show('info', text, NOTIFICATION_TOAST_MS),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`snackbar-${toast.type}`} role="status">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
