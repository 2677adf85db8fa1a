import { HStack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <HStack gap="2">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill={inverted ? '#ffffff' : 'var(--chakra-colors-brand-500)'} />
        <path d="M9 22 16 8l7 14h-4l-3-6.5L13 22z" fill={inverted ? 'var(--chakra-colors-brand-500)' : '#fff'} />
      </svg>
      <Text fontWeight="bold" fontSize="lg" color={inverted ? 'white' : 'brand.700'}>
        <FormattedMessage id="app.name" />
      </Text>
    </HStack>
  );
}
