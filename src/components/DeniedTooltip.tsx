/**
 * A control the user may not use, shown disabled with the reason on hover rather than hidden, so the
 * screen still tells what it offers and who may do it. A disabled button takes neither the pointer nor
 * the focus, so the tooltip hangs on a wrapper; the same reason is in the wrapper as hidden text, which
 * screen readers read beside the disabled button.
 */
import { Box, Portal, Tooltip, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function DeniedTooltip({ denied, reason, children, testId }: { denied: boolean; reason: ReactNode; children: ReactNode; testId?: string }) {
  if (!denied) return <>{children}</>;
  return (
    <Tooltip.Root openDelay={200} positioning={{ placement: 'bottom-end' }}>
      <Tooltip.Trigger asChild>
        <Box display="inline-block" data-testid={testId}>
          {children}
          <VisuallyHidden>{reason}</VisuallyHidden>
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs">{reason}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
