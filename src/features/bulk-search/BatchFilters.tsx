/**
 * Bulk Search's advanced filters (name, status, creator, the date presets of
 * section 9 with a custom range), and their address: the query string holds
 * them with the page, so a filtered list can be bookmarked, reloaded and
 * restored with Back. Values the address cannot hold read as the default.
 */
import { Button, Grid, HStack, Input, Stack } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BatchStatus } from '@common/bulk';
import { DATE_PRESETS } from '@common/enums';
import { validateDateRange } from '@common/validation';
import type { MessageId } from '@common/messages';
import { addressOf, customRange, oneOf, positive, queryParams } from '@machines/shared/address';
import { DateRangeFields } from '../../components/DateRangeFields';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/Select';
import { valueOptions } from '../../lib/valueLabels';

export const BATCH_STATUSES: readonly BatchStatus[] = ['Success', 'Pending', 'Deleted'];

export interface BatchFilterValues {
  name: string;
  status: string;
  created_by: string;
  date_preset: string;
  date_from: string;
  date_to: string;
}

export const NO_FILTERS: BatchFilterValues = { name: '', status: '', created_by: '', date_preset: 'all_time', date_from: '', date_to: '' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters and page a query string asks for. */
export function filtersFromSearch(search: string): { filters: BatchFilterValues; page: number } {
  const q = queryParams(search);
  const preset = oneOf(DATE_PRESETS, q.get('date_preset'), 'all_time');
  const creator = q.get('created_by') ?? '';
  return {
    filters: {
      name: (q.get('name') ?? '').slice(0, 100),
      status: oneOf(['', ...BATCH_STATUSES], q.get('status'), ''),
      created_by: UUID.test(creator) ? creator : '',
      date_preset: preset,
      ...customRange(preset, q.get('date_from'), q.get('date_to')),
    },
    page: positive(q.get('page'), 1, 100_000),
  };
}

/** The query string of filters and a page ('' for the unfiltered first page); only what differs from the default is written. */
export function searchFromFilters(filters: BatchFilterValues, page = 1): string {
  const q = new URLSearchParams();
  const trimmed = { ...filters, name: filters.name.trim() };
  for (const key of Object.keys(NO_FILTERS) as (keyof BatchFilterValues)[]) {
    if ((key === 'date_from' || key === 'date_to') && trimmed.date_preset !== 'custom') continue;
    if (trimmed[key] !== NO_FILTERS[key]) q.set(key, trimmed[key]);
  }
  if (page > 1) q.set('page', String(page));
  return addressOf(q);
}

export const isFiltered = (filters: BatchFilterValues) => searchFromFilters(filters) !== '';

interface Props {
  applied: BatchFilterValues;
  creators: { id: string; name: string }[];
  onApply: (filters: BatchFilterValues) => void;
}

export function BatchFilters({ applied, creators, onApply }: Props) {
  const intl = useIntl();
  const [values, setValues] = useState<BatchFilterValues>(applied);
  const [rangeError, setRangeError] = useState<{ field: 'date_from' | 'date_to'; rule: MessageId } | null>(null);
  // Back, Forward or a shared link: the form shows the filters the address names.
  useEffect(() => setValues(applied), [applied]);
  const set = (patch: Partial<BatchFilterValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setRangeError(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (values.date_preset === 'custom') {
      const problem = validateDateRange(values.date_from, values.date_to);
      setRangeError(problem);
      if (problem) return;
    }
    onApply(values);
  };
  return (
    <form onSubmit={submit} noValidate role="search" aria-label={intl.formatMessage({ id: 'bulk.filters.label' })}>
      <Stack gap="3">
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: '2fr repeat(3, 1fr) auto' }} gap="3" alignItems="end">
          <FormField label={<FormattedMessage id="bulk.filters.name" />} labelSize="sm">
            <Input size="sm" name="name" maxLength={100} value={values.name} placeholder={intl.formatMessage({ id: 'bulk.filters.name_placeholder' })} onChange={(e) => set({ name: e.target.value })} />
          </FormField>
          <SelectField
            label={<FormattedMessage id="bulk.filters.status" />}
            labelSize="sm"
            size="sm"
            name="status"
            data-testid="filter-status"
            value={values.status}
            onChange={(e) => set({ status: e.target.value })}
            options={[{ value: '', label: intl.formatMessage({ id: 'bulk.filters.any_status' }) }, ...BATCH_STATUSES.map((s) => ({ value: s, label: intl.formatMessage({ id: `bulk.status.${s}` }) }))]}
          />
          <SelectField
            label={<FormattedMessage id="bulk.filters.creator" />}
            labelSize="sm"
            size="sm"
            name="created_by"
            data-testid="filter-creator"
            value={values.created_by}
            onChange={(e) => set({ created_by: e.target.value })}
            options={[{ value: '', label: intl.formatMessage({ id: 'bulk.filters.any_creator' }) }, ...creators.map((c) => ({ value: c.id, label: c.name }))]}
          />
          <SelectField
            label={<FormattedMessage id="bulk.filters.date" />}
            labelSize="sm"
            size="sm"
            name="date_preset"
            data-testid="filter-date"
            value={values.date_preset}
            onChange={(e) => set({ date_preset: e.target.value })}
            options={valueOptions(intl, 'preset', DATE_PRESETS)}
          />
          <HStack>
            <Button type="submit" size="sm" colorPalette="brand" data-testid="apply-filters">
              <FormattedMessage id="bulk.filters.apply" />
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setValues(NO_FILTERS);
                setRangeError(null);
                onApply(NO_FILTERS);
              }}
              data-testid="clear-filters"
            >
              <FormattedMessage id="bulk.filters.clear" />
            </Button>
          </HStack>
        </Grid>
        {values.date_preset === 'custom' && (
          <DateRangeFields values={values} error={rangeError} onChange={set} labels="cases.manage" testId="custom-range" />
        )}
      </Stack>
    </form>
  );
}
