/**
 * Asks for the user's password before a sensitive change (a new web hook key,
 * switching two-factor off). The typed password is cleared whenever the
 * dialog opens or closes, so it never outlives the question.
 */
import { Input, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '@common/messages';
import { ActionDialog } from '../../components/ActionDialog';
import { FormField } from '../../components/FormField';

interface Props {
  open: boolean;
  busy: boolean;
  tone?: 'primary' | 'danger';
  title: ReactNode;
  /** What the password is asked for. */
  body: ReactNode;
  submitLabel: ReactNode;
  /** The server's answer shown above the buttons. */
  error: { message: string | null; code?: string | null };
  /** A problem with the password itself, shown under the field. */
  fieldError: MessageId | null;
  onSubmit: (password: string) => void;
  onClose: () => void;
  testId: string;
}

export function PasswordDialog({ open, busy, tone, title, body, submitLabel, error, fieldError, onSubmit, onClose, testId }: Props) {
  const [password, setPassword] = useState('');
  useEffect(() => setPassword(''), [open]);
  return (
    <ActionDialog open={open} busy={busy} tone={tone} size="sm" title={title} submitLabel={submitLabel} error={error} onSubmit={() => onSubmit(password)} onClose={onClose} testId={testId}>
      <Text fontSize="sm">{body}</Text>
      <FormField label={<FormattedMessage id="auth.fields.password" />} error={fieldError} required>
        <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
    </ActionDialog>
  );
}
