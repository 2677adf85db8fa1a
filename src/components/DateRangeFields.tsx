/**
 * The From and To dates of a list filter's custom date range (date preset "custom"), each with the section-5
 * date rule it breaks shown under it. Manage Case, Media Manage Case and Bulk Search's filters show them.
 */
import { Field, HStack, Input, type StackProps } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '@common/messages';
import { messageById } from '../lib/i18n';

type RangeKey = 'date_from' | 'date_to';

interface Props extends Omit<StackProps, 'onChange'> {
  values: Record<RangeKey, string>;
  error: { field: RangeKey; rule: MessageId } | null;
  onChange: (change: Partial<Record<RangeKey, string>>) => void;
  /** The namespace of the labels: `${labels}.date_from` and `${labels}.date_to`. */
  labels: string;
  testId: string;
}

export function DateRangeFields({ values, error, onChange, labels, testId, ...rest }: Props) {
  return (
    <HStack gap="3" align="start" data-testid={testId} {...rest}>
      {(['date_from', 'date_to'] as const).map((key) => (
        <Field.Root key={key} invalid={error?.field === key} maxW="48">
          <Field.Label fontSize="sm">
            <FormattedMessage id={`${labels}.${key}`} />
          </Field.Label>
          <Input name={key} size="sm" placeholder="YYYY-MM-DD" value={values[key]} onChange={(e) => onChange({ [key]: e.target.value })} />
          {error?.field === key && <Field.ErrorText data-testid="field-error">{messageById(error.rule)}</Field.ErrorText>}
        </Field.Root>
      ))}
    </HStack>
  );
}
