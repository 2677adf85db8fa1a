/** Small pieces the custom list screens share: the type badge, who did something and when, dates and countries. */
import { Badge, Stack, Text } from '@chakra-ui/react';
import { FormattedDate, FormattedMessage, type IntlShape } from 'react-intl';
import type { UserRef } from '@common/custom-lists';
import type { CustomListType } from '@common/enums';
import { formatPartialDate } from '@common/partial-dates';
import { Name } from '../../components/Name';

const TYPE_COLOURS: Record<CustomListType, string> = { blacklist: 'red', whitelist: 'green' };

export function ListTypeBadge({ type }: { type: CustomListType }) {
  return (
    <Badge colorPalette={TYPE_COLOURS[type]} variant="subtle" data-testid="list-type">
      <FormattedMessage id={`custom_lists.type.${type}`} />
    </Badge>
  );
}

/** A time and the person behind it, on two lines ("—" when there is none). */
export function ActorCell({ at, by, testId }: { at: string | null; by: UserRef | null; testId?: string }) {
  if (!at) return <Text color="fg.muted">—</Text>;
  return (
    <Stack gap="0" data-testid={testId}>
      <Text fontSize="sm" whiteSpace="nowrap">
        <FormattedDate value={at} dateStyle="medium" timeStyle="short" />
      </Text>
      {by && (
        <Text fontSize="xs" color="fg.muted" truncate maxW="44">
          <Name>{by.name}</Name>
        </Text>
      )}
    </Stack>
  );
}

/** A record's birth or incorporation date in the reader's language ("14 March 1971", "March 1971", "1971"), or ''. */
export function recordDate(intl: IntlShape, r: { birth_year: number | null; birth_month: number | null; birth_day: number | null }): string {
  if (!r.birth_year) return '';
  return formatPartialDate({ year: r.birth_year, month: r.birth_month ?? undefined, day: r.birth_month ? (r.birth_day ?? undefined) : undefined }, intl.locale);
}

const regionNames = new Map<string, Intl.DisplayNames>();
/** A country's name in the reader's language, with its code ("Ireland (IE)"). */
export function countryLabel(code: string | null, locale: string): string {
  if (!code) return '';
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })));
  try {
    const name = names.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
