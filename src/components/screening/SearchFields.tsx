/**
 * The first inputs of a screening search as Create New Case and the demo's search ask them: the name to
 * search for and the entity type. The form's statechart holds the values and the errors.
 */
import { Field, Input, SegmentGroup } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LIMITS } from '@common/constants';
import { ENTITY_TYPES } from '@common/enums';
import type { MessageId } from '@common/messages';
import { FormField } from '../FormField';
import { valueLabel } from './labels';

interface SearchFieldsProps {
  searchTerm: string;
  entityType: string;
  errors: { search_term?: MessageId | null; entity_type?: MessageId | null };
  onChange: (field: 'search_term' | 'entity_type', value: string) => void;
}

export function SearchTermAndType({ searchTerm, entityType, errors, onChange }: SearchFieldsProps) {
  const intl = useIntl();
  return (
    <>
      <FormField label={<FormattedMessage id="cases.fields.search_term" />} error={errors.search_term} required helper={<FormattedMessage id="cases.create.search_term_help" />}>
        {/* A little over the limit, so that the rule's message says what is too long instead of the input cutting it. */}
        <Input name="search_term" value={searchTerm} maxLength={LIMITS.searchTerm.max + 20} autoFocus onChange={(e) => onChange('search_term', e.target.value)} />
      </FormField>
      <Field.Root required invalid={Boolean(errors.entity_type)}>
        <Field.Label>
          <FormattedMessage id="cases.fields.entity_type" />
          <Field.RequiredIndicator />
        </Field.Label>
        <SegmentGroup.Root value={entityType} onValueChange={(d) => d.value && onChange('entity_type', d.value)} aria-label={intl.formatMessage({ id: 'cases.fields.entity_type' })}>
          <SegmentGroup.Indicator />
          {ENTITY_TYPES.map((t) => (
            <SegmentGroup.Item key={t} value={t} data-testid={`entity-type-${t}`}>
              <SegmentGroup.ItemText>{valueLabel(intl, 'entity_type', t)}</SegmentGroup.ItemText>
              <SegmentGroup.ItemHiddenInput />
            </SegmentGroup.Item>
          ))}
        </SegmentGroup.Root>
      </Field.Root>
    </>
  );
}
