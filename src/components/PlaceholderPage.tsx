/** A route whose feature comes in a later release: its guard already applies. */
import { Box, Card, Heading, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';

export default function PlaceholderPage({ titleId }: { titleId: string }) {
  return (
    <Box>
      <Heading as="h1" size="xl" mb="4" data-testid="page-title">
        <FormattedMessage id={titleId} />
      </Heading>
      <Card.Root>
        <Card.Body>
          <Text color="fg.muted">
            <FormattedMessage id="placeholder.body" />
          </Text>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
