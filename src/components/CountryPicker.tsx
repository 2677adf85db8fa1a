/** Countries chosen from the reference list, named in the user's language; several (chips) or one. */
import { CloseButton, HStack, Tag, Wrap } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { countryName } from '../lib/countries';
import { Select } from './Select';

interface Props {
  codes: string[];
  value: string[];
  onChange: (value: string[]) => void;
  multiple?: boolean;
  placeholder: string;
  name: string;
  label: string;
}

export function CountryPicker({ codes, value, onChange, multiple = true, placeholder, name, label }: Props) {
  const intl = useIntl();
  const options = useMemo(
    () => codes.map((code) => ({ code, name: countryName(code, intl.locale) })).sort((a, b) => a.name.localeCompare(b.name, intl.locale)),
    [codes, intl.locale],
  );
  const choices = (shown: typeof options) => [{ value: '', label: placeholder }, ...shown.map((o) => ({ value: o.code, label: o.name }))];
  if (!multiple) {
    return <Select name={name} aria-label={label} value={value[0] ?? ''} onChange={(e) => onChange(e.target.value ? [e.target.value] : [])} options={choices(options)} />;
  }
  return (
    <>
      <Select
        name={name}
        aria-label={label}
        value=""
        onChange={(e) => {
          const code = e.target.value;
          if (code && !value.includes(code)) onChange([...value, code]);
        }}
        options={choices(options.filter((o) => !value.includes(o.code)))}
      />
      {value.length > 0 && (
        <Wrap gap="1" mt="2">
          {value.map((code) => (
            <Tag.Root key={code} size="md" colorPalette="brand" variant="subtle">
              <HStack gap="1">
                <Tag.Label>{countryName(code, intl.locale)}</Tag.Label>
                <CloseButton size="2xs" aria-label={intl.formatMessage({ id: 'cases.common.remove' })} onClick={() => onChange(value.filter((c) => c !== code))} />
              </HStack>
            </Tag.Root>
          ))}
        </Wrap>
      )}
    </>
  );
}
