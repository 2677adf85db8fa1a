/** One section of the settings screen: a card with a title and a line about it. */
import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SettingsSection({ title, description, children, testId }: { title: ReactNode; description?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Stack gap="1">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {description && (
            <Text fontSize="sm" color="fg.muted">
              {description}
            </Text>
          )}
        </Stack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
