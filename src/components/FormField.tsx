/** A labelled field with its translated error message. */
import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '@common/messages';
import { messageById } from '../lib/i18n';

export interface FormFieldProps {
  label: ReactNode;
  /** A message id of common/messages.ts, or null when the value is fine. */
  error?: MessageId | null;
  helper?: ReactNode;
  required?: boolean;
  /** Filters in dense rows use a smaller label. */
  labelSize?: Field.LabelProps['fontSize'];
  children: ReactNode;
}

export function FormField({ label, error, helper, required, labelSize, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label fontSize={labelSize}>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText data-testid="field-error">{messageById(error)}</Field.ErrorText>}
    </Field.Root>
  );
}

export const T = FormattedMessage;
