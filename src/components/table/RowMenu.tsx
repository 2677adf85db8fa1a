/**
 * The "⋮" menu at the end of a table row: the actions the user may take on
 * that row. Clicks on it and in it stay out of the row, whose own click may
 * open the record.
 */
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuEllipsisVertical } from 'react-icons/lu';
import { FormattedMessage } from 'react-intl';

export interface RowMenuItem {
  value: string;
  /** A locale message id. */
  label: string;
  onSelect: () => void;
  /** Destructive actions are red. */
  danger?: boolean;
}

interface Props {
  /** The button's accessible name, naming the row. */
  label: string;
  testId: string;
  /** Each item's test id is `${itemTestId}-${value}`. */
  itemTestId: string;
  items: RowMenuItem[];
}

export function RowMenu({ label, testId, itemTestId, items }: Props) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={label} onClick={(e) => e.stopPropagation()} data-testid={testId}>
          <LuEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content onClick={(e) => e.stopPropagation()}>
            {items.map((item) => (
              <Menu.Item key={item.value} value={item.value} onClick={item.onSelect} color={item.danger ? 'fg.error' : undefined} data-testid={`${itemTestId}-${item.value}`}>
                <FormattedMessage id={item.label} />
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
