/**
 * Who made a record and when, as a list's "Created" column shows it: the person's name (isolated, so a
 * Latin name keeps its order on an Arabic page) over the date and time. A person since deleted reads as
 * the area's own "unknown" message.
 */
import { Stack, Text } from '@chakra-ui/react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import type { UserRef } from '@common/actors';
import { Name } from './Name';

export function ActorStamp({ by, at, unknown }: { by: UserRef | null; at: string; unknown: string }) {
  return (
    <Stack gap="0" fontSize="sm">
      <Text whiteSpace="nowrap">{by ? <Name>{by.name}</Name> : <FormattedMessage id={unknown} />}</Text>
      <Text color="fg.muted" whiteSpace="nowrap">
        <FormattedDate value={at} dateStyle="medium" timeStyle="short" />
      </Text>
    </Stack>
  );
}
