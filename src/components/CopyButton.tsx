/** An icon button that copies a value (a secret shown once, a key to type into an app) and ticks when done. */
import { Clipboard, IconButton } from '@chakra-ui/react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { useIntl } from 'react-intl';

export function CopyButton({ value }: { value: string }) {
  const intl = useIntl();
  return (
    <Clipboard.Root value={value}>
      <Clipboard.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={intl.formatMessage({ id: 'admin.actions.copy' })}>
          <Clipboard.Indicator copied={<LuCheck />}>
            <LuCopy />
          </Clipboard.Indicator>
        </IconButton>
      </Clipboard.Trigger>
    </Clipboard.Root>
  );
}
