/**
 * A dialog around one request (a form, a confirmation, a password check): its
 * body is a form, so Enter sends it; Escape and the close button cancel unless
 * the request is on its way; the server's message shows above the buttons.
 */
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ServerError } from './ServerError';

interface Props {
  open: boolean;
  busy: boolean;
  title: ReactNode;
  children?: ReactNode;
  submitLabel: ReactNode;
  /** Destructive actions are red. */
  tone?: 'primary' | 'danger';
  error?: { message: string | null; code?: string | null };
  size?: 'sm' | 'md' | 'lg';
  onSubmit: () => void;
  onClose: () => void;
  testId?: string;
  /** Disables the submit button (nothing to send yet). */
  submitDisabled?: boolean;
}

export function ActionDialog({ open, busy, title, children, submitLabel, tone = 'primary', error, size = 'md', onSubmit, onClose, testId, submitDisabled }: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Dialog.Root
      open={open}
      size={size}
      placement="center"
      closeOnInteractOutside={!busy}
      closeOnEscape={!busy}
      onOpenChange={(d) => {
        if (!d.open && !busy) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {children}
                  <ServerError message={error?.message ?? null} code={error?.code} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  <FormattedMessage id="admin.actions.cancel" />
                </Button>
                <Button type="submit" colorPalette={tone === 'danger' ? 'red' : 'brand'} loading={busy} loadingText={submitLabel} disabled={submitDisabled} data-testid="dialog-submit">
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
