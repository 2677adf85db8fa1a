/**
 * The tick boxes of a table whose rows can be ticked: the header's (all rows, or some: indeterminate) and each
 * row's. A click on a box ticks it without opening the row.
 */
import { Checkbox } from '@chakra-ui/react';

interface TableTicks {
  getIsAllRowsSelected(): boolean;
  getIsSomeRowsSelected(): boolean;
  toggleAllRowsSelected(value: boolean): void;
}

interface RowTick {
  getIsSelected(): boolean;
  toggleSelected(value: boolean): void;
}

export function SelectAllCheckbox({ table, label }: { table: TableTicks; label: string }) {
  return (
    <Checkbox.Root
      size="sm"
      colorPalette="brand"
      aria-label={label}
      checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
      onCheckedChange={(d) => table.toggleAllRowsSelected(d.checked === true)}
      onClick={(e) => e.stopPropagation()}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

export function RowCheckbox({ row, label }: { row: RowTick; label: string }) {
  return (
    <Checkbox.Root
      size="sm"
      colorPalette="brand"
      aria-label={label}
      checked={row.getIsSelected()}
      onCheckedChange={(d) => row.toggleSelected(d.checked === true)}
      onClick={(e) => e.stopPropagation()}
      data-testid="row-select"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}
