/** An empty state: an icon, a title ('No users found', ...) and what to do about it. */
import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function EmptyMessage({ icon, title, description, action, testId }: { icon: ReactNode; title: ReactNode; description?: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <EmptyState.Root size="sm" data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.solid">{icon}</EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
