/**
 * Deleting cases or a comment: both need a reason (section 5: 10 to 200
 * characters), checked here before anything is sent. Each opening starts
 * with an empty reason.
 */
import { Field, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LIMITS } from '@common/constants';
import type { MessageId } from '@common/messages';
import { validateDeletionReason } from '@common/validation';
import { ActionDialog } from './ActionDialog';
import type { useDialog } from './useDialog';
import { messageById } from '../lib/i18n';

interface Props {
  dialog: Pick<ReturnType<typeof useDialog>, 'open' | 'busy' | 'error' | 'close' | 'submit'>;
  title: ReactNode;
  size?: 'sm' | 'md';
  testId?: string;
  /** What is about to be deleted, above the reason. */
  children?: ReactNode;
}

export function DeleteWithReasonDialog({ dialog, title, size, testId, children }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<MessageId | null>(null);
  // Cleared as the dialog opens, in the same render, so a previous reason never shows.
  const [wasOpen, setWasOpen] = useState(dialog.open);
  if (wasOpen !== dialog.open) {
    setWasOpen(dialog.open);
    if (dialog.open) {
      setReason('');
      setError(null);
    }
  }
  return (
    <ActionDialog
      open={dialog.open}
      busy={dialog.busy}
      tone="danger"
      size={size}
      testId={testId}
      title={title}
      submitLabel={<FormattedMessage id="cases.common.delete" />}
      error={dialog.error}
      onClose={dialog.close}
      onSubmit={() => {
        const rule = validateDeletionReason(reason);
        setError(rule);
        if (!rule) dialog.submit({ reason: reason.trim() });
      }}
    >
      {children}
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>
          <FormattedMessage id="cases.fields.reason" />
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          name="reason"
          data-testid="reason-input"
          rows={3}
          maxLength={LIMITS.deletionReason.max + 10}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        <Field.HelperText>
          <FormattedMessage id="cases.common.reason_help" />
        </Field.HelperText>
        {error && <Field.ErrorText data-testid="field-error">{messageById(error)}</Field.ErrorText>}
      </Field.Root>
    </ActionDialog>
  );
}
