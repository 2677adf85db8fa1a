/** The reference list of countries as select choices, named in the user's language and sorted by those names. */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { countryName } from '../../lib/countries';
import { useResource } from '../../lib/useResource';

export function useCountryCodes(): string[] {
  const countries = useResource<{ data: { code: string; name: string }[] }>('/countries');
  return useMemo(() => countries.data?.data.map((c) => c.code) ?? [], [countries.data]);
}

export function useCountryOptions(): { value: string; label: string }[] {
  const intl = useIntl();
  const codes = useCountryCodes();
  return useMemo(
    () => codes.map((code) => ({ value: code, label: countryName(code, intl.locale) })).sort((a, b) => a.label.localeCompare(b.label, intl.locale)),
    [codes, intl.locale],
  );
}
