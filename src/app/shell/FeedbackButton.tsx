/**
 * The feedback dialog, opened from the header (section 2): free text of 3 to
 * 512 characters with the spec's messages ('Please share your feedback',
 * 'Minimum 3 characters required', 'Maximum 512 characters allowed'), sent
 * with customer-feedback; 'Feedback submitted successfully' on success.
 */
import { Button, HStack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuMessageSquarePlus } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { LIMITS } from '@common/constants';
import type { MessageId } from '@common/messages';
import { validateFeedback } from '@common/validation';
import { ActionDialog } from '../../components/ActionDialog';
import { FormField } from '../../components/FormField';
import { useDialog } from '../../components/useDialog';
import { api } from '../../lib/api';
import { messageById } from '../../lib/i18n';
import { notify } from '../../lib/toaster';

export function FeedbackButton() {
  const intl = useIntl();
  const [location] = useLocation();
  const [text, setText] = useState('');
  const [error, setError] = useState<MessageId | null>(null);
  // Messages appear once the user tries to send, then follow every keystroke.
  const [tried, setTried] = useState(false);
  const dialog = useDialog<null>(
    (_target, values) => api.post('/customer-feedback', values),
    () => notify.success(messageById('feedback_submitted')),
  );

  useEffect(() => {
    if (dialog.open) {
      setText('');
      setError(null);
      setTried(false);
    }
  }, [dialog.open]);

  const change = (value: string) => {
    setText(value);
    if (tried) setError(validateFeedback(value));
    dialog.edited();
  };

  const submit = () => {
    setTried(true);
    const invalid = validateFeedback(text);
    setError(invalid);
    if (!invalid) dialog.submit({ feedback: text.trim(), page: location });
  };

  const length = text.trim().length;
  const serverFieldError = dialog.errorField === 'feedback' ? (dialog.error.code as MessageId | null) : null;

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => dialog.show(null)} data-testid="feedback-open">
        <LuMessageSquarePlus />
        <Text as="span" display={{ base: 'none', xl: 'inline' }}>
          <FormattedMessage id="feedback.open" />
        </Text>
      </Button>
      <ActionDialog
        open={dialog.open}
        busy={dialog.busy}
        title={<FormattedMessage id="feedback.title" />}
        submitLabel={<FormattedMessage id="feedback.submit" />}
        error={serverFieldError ? undefined : dialog.error}
        onSubmit={submit}
        onClose={dialog.close}
        testId="feedback-dialog"
      >
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="feedback.intro" />
        </Text>
        <FormField label={<FormattedMessage id="feedback.label" />} error={error ?? serverFieldError} required>
          <Textarea
            name="feedback"
            rows={6}
            value={text}
            onChange={(e) => change(e.target.value)}
            placeholder={intl.formatMessage({ id: 'feedback.placeholder' })}
            aria-describedby="feedback-count"
          />
        </FormField>
        <HStack justify="flex-end">
          <Text id="feedback-count" fontSize="xs" color={length > LIMITS.feedback.max ? 'fg.error' : 'fg.muted'} aria-live="polite">
            <FormattedMessage id="feedback.count" values={{ count: intl.formatNumber(length), max: intl.formatNumber(LIMITS.feedback.max) }} />
          </Text>
        </HStack>
      </ActionDialog>
    </>
  );
}
