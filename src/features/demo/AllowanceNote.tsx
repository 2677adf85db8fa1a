/** The visitor's demo searches left today, and when the count starts again (every demo answer carries it). */
import { Badge, HStack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DemoAllowance } from '@common/schemas/demo';

export function AllowanceNote({ allowance, withReset = false }: { allowance: DemoAllowance; withReset?: boolean }) {
  const intl = useIntl();
  return (
    <HStack gap="2" wrap="wrap" data-testid="allowance" data-left={allowance.left}>
      <Badge colorPalette={allowance.left === 0 ? 'red' : allowance.left <= 2 ? 'orange' : 'green'} variant="subtle" size="md">
        <FormattedMessage id="demo.allowance.left" values={{ left: allowance.left, limit: allowance.limit }} />
      </Badge>
      {withReset && (
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id="demo.allowance.resets" values={{ time: intl.formatDate(allowance.resets_at, { dateStyle: 'medium', timeStyle: 'short' }) }} />
        </Text>
      )}
    </HStack>
  );
}
