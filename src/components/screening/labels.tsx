/**
 * How case values are shown on every screen that shows a screened case (the case screens, the demo):
 * statuses, risk levels, match statuses, relevance, databases and entity types are translated under
 * cases.values.*, countries are named in the user's language, dates follow the user's locale (dates of
 * birth and incorporation with the month in words, never 7/10/1952).
 */
import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useIntl, type IntlShape } from 'react-intl';
import { dateLabelKind, formatIsoDate, formatPartialDate, type PartialDate } from '@common/partial-dates';
import { valueLabel, type ValueGroup } from '../../lib/valueLabels';

// Shared with other screens that show case values (src/lib/valueLabels.ts); the screening views import them from here.
export { valueLabel, valueOptions, type ValueGroup } from '../../lib/valueLabels';

export function Value({ group, value }: { group: ValueGroup; value: string }) {
  const intl = useIntl();
  return <>{valueLabel(intl, group, value)}</>;
}

const CASE_STATUS_COLOURS: Record<string, string> = { Passed: 'green', 'Passed Conditionally': 'teal', 'For Review': 'orange', Failed: 'red' };
const RISK_COLOURS: Record<string, string> = { High: 'red', Medium: 'orange', Low: 'green', Whitelist: 'blue', Unknown: 'gray' };
const MATCH_COLOURS: Record<string, string> = {
  'Potential Match': 'orange',
  'No Match': 'green',
  Match: 'red',
  Unknown: 'gray',
  'False Positive': 'green',
  'True Positive': 'red',
  'True Positive - Approve': 'purple',
  'True Positive - Reject': 'red',
};

export function CaseStatusBadge({ value }: { value: string }) {
  return (
    <Badge colorPalette={CASE_STATUS_COLOURS[value] ?? 'gray'} variant="subtle" data-testid="case-status">
      <Value group="case_status" value={value} />
    </Badge>
  );
}
export function RiskBadge({ value }: { value: string }) {
  return (
    <Badge colorPalette={RISK_COLOURS[value] ?? 'gray'} variant="outline" data-testid="risk-level">
      <Value group="risk_level" value={value} />
    </Badge>
  );
}
export function MatchBadge({ value }: { value: string }) {
  return (
    <Badge colorPalette={MATCH_COLOURS[value] ?? 'gray'} variant="subtle" data-testid="match-status">
      <Value group="match_status" value={value} />
    </Badge>
  );
}
export function RelevanceBadges({ values }: { values: string[] }) {
  return (
    <HStack gap="1" wrap="wrap">
      {values.map((v) => (
        <Badge key={v} colorPalette="brand" variant="surface" size="sm">
          <Value group="relevance" value={v} />
        </Badge>
      ))}
    </HStack>
  );
}

const regionNames = new Map<string, Intl.DisplayNames>();
export function countryName(code: string, locale: string) {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })));
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function useCountryNames() {
  const intl = useIntl();
  return (codes: string[] | undefined) => (codes ?? []).map((c) => countryName(c, intl.locale)).join(', ');
}

/** Dates of birth or incorporation, and ISO dates from the lists, in the user's language (common/partial-dates.ts). */
export function datesText(intl: IntlShape, dates: readonly PartialDate[]): string {
  return dates
    .map((d) => {
      const text = formatPartialDate(d, intl.locale);
      return text && d.approximate ? intl.formatMessage({ id: 'cases.dates.circa' }, { date: text }) : text;
    })
    .filter(Boolean)
    .join(', ');
}

/** The same dates as text that wraps between dates, never inside one ("June 19, 1951" stays whole). */
export function Dates({ dates }: { dates: readonly PartialDate[] }) {
  const intl = useIntl();
  const parts = dates.map((d) => datesText(intl, [d])).filter(Boolean);
  return (
    <>
      {parts.map((text, i) => (
        <Text as="span" key={i} whiteSpace="nowrap">
          {text}
          {i < parts.length - 1 ? ', ' : ''}
        </Text>
      ))}
    </>
  );
}

export const isoDateText = (intl: IntlShape, text: string | null | undefined) => formatIsoDate(text, intl.locale);

/**
 * The label of a set of dates, saying what they are: "Date of birth" when one
 * names a month, "Year of birth" when they are only years; incorporation for
 * companies and organisations.
 */
export function datesLabelId(dates: readonly PartialDate[], kind: string | undefined): string {
  const incorporated = kind === 'company' || kind === 'organisation';
  if (dateLabelKind(dates) === 'date') return incorporated ? 'cases.fields.incorporation_date' : 'cases.fields.birth_date';
  return incorporated ? 'cases.fields.year_of_incorporation' : 'cases.fields.year_of_birth';
}

export function DateTime({ value }: { value: string | null | undefined }) {
  const intl = useIntl();
  if (!value) return <>—</>;
  return <>{intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' })}</>;
}

/** A date over a smaller time, for narrow table columns. */
export function DateStacked({ value }: { value: string | null | undefined }) {
  const intl = useIntl();
  if (!value) return <>—</>;
  return (
    <Stack gap="0" whiteSpace="nowrap">
      <Text fontSize="sm">{intl.formatDate(value, { dateStyle: 'medium' })}</Text>
      <Text fontSize="xs" color="fg.muted">
        {intl.formatTime(value, { timeStyle: 'short' })}
      </Text>
    </Stack>
  );
}
