/** The audit history's filters: what kind of action, who, and which days (checked with the date rules of section 5). */
import { Button, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '@common/messages';
import { AUDIT_CATEGORIES } from '@common/schemas/admin';
import { validateFilterDate } from '@common/validation';
import type { Filters } from '@machines/shared/list.machine';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/Select';

const BLANK = { category: '', actor: '', from: '', to: '' };

export function AuditFilters({ applied, onSearch, onClear }: { applied: Filters; onSearch: (f: Filters) => void; onClear: () => void }) {
  const intl = useIntl();
  const [values, setValues] = useState<Filters>({ ...BLANK, ...applied });
  const [errors, setErrors] = useState<{ from?: MessageId | null; to?: MessageId | null }>({});
  useEffect(() => setValues({ ...BLANK, ...applied }), [applied]);
  const set = (key: keyof typeof BLANK) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((x) => ({ ...x, [key]: null }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next = {
      from: values.from ? validateFilterDate(values.from) : null,
      to: values.to ? validateFilterDate(values.to) : null,
    };
    if (!next.from && !next.to && values.from && values.to && values.from > values.to) next.from = 'date_range_order';
    setErrors(next);
    if (!next.from && !next.to) onSearch(values);
  };

  const today = new Date().toISOString().slice(0, 10);
  return (
    <form onSubmit={submit} noValidate role="search" aria-label={intl.formatMessage({ id: 'audit.filters.label' })}>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 5 }} gap="3" alignItems="start">
        <SelectField
          label={<FormattedMessage id="audit.filters.category" />}
          name="category"
          value={values.category}
          onChange={set('category')}
          options={[{ value: '', label: intl.formatMessage({ id: 'audit.filters.any_category' }) }, ...AUDIT_CATEGORIES.map((c) => ({ value: c, label: intl.formatMessage({ id: `audit.category.${c}` }) }))]}
        />
        <FormField label={<FormattedMessage id="audit.filters.actor" />}>
          <Input name="actor" value={values.actor} onChange={set('actor')} placeholder={intl.formatMessage({ id: 'audit.filters.actor_placeholder' })} />
        </FormField>
        <FormField label={<FormattedMessage id="audit.filters.from" />} error={errors.from}>
          <Input type="date" name="from" max={today} value={values.from} onChange={set('from')} />
        </FormField>
        <FormField label={<FormattedMessage id="audit.filters.to" />} error={errors.to}>
          <Input type="date" name="to" max={today} value={values.to} onChange={set('to')} />
        </FormField>
        <Stack direction="row" gap="2" pt={{ base: 0, xl: '6' }}>
          <Button type="submit" colorPalette="brand" flex="1" data-testid="audit-apply">
            <FormattedMessage id="admin.actions.apply" />
          </Button>
          <Button
            variant="outline"
            flex="1"
            onClick={() => {
              setValues(BLANK);
              setErrors({});
              onClear();
            }}
          >
            <FormattedMessage id="admin.actions.clear" />
          </Button>
        </Stack>
      </SimpleGrid>
    </form>
  );
}
