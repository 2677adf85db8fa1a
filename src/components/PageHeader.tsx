/** A screen's title, a line saying what it is for, and its main actions. */
import { Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Flex justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4" mb="6" wrap="wrap">
      <Stack gap="1">
        <Heading as="h1" size="xl" data-testid="page-title">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" fontSize="sm" maxW="3xl">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <HStack gap="2">{actions}</HStack>}
    </Flex>
  );
}
