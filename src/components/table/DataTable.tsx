/**
 * Renders a TanStack table (v9) with Chakra's Table: a header row, the rows,
 * skeleton rows on the first load, a dimmed table while the next page loads,
 * and the screen's empty state when there is nothing to show.
 */
import { Box, Skeleton, Table } from '@chakra-ui/react';
import type { ReactTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { AppTableFeatures } from './features';

interface Props<Row extends object> {
  table: ReactTable<AppTableFeatures, Row, any>;
  /** A request is in flight. */
  loading: boolean;
  /** Rows have been loaded at least once (before that, skeletons). */
  loaded: boolean;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  label: string;
  testId?: string;
  onRowClick?: (row: Row) => void;
  /**
   * Server-side sorting: the sorted column and the columns that can be sorted.
   * Their headers carry aria-sort, so screen readers announce the order.
   */
  sort?: { by?: string; order?: string; sortable: readonly string[] };
}

/** aria-sort belongs on the column header (a button inside may not carry it). */
function ariaSort(columnId: string, sort: Props<object>['sort']): 'ascending' | 'descending' | 'none' | undefined {
  if (!sort?.sortable.includes(columnId)) return undefined;
  if (sort.by !== columnId) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

export function DataTable<Row extends object>({ table, loading, loaded, empty, label, testId, onRowClick, sort }: Props<Row>) {
  const rows = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;
  return (
    <Box position="relative" overflowX="auto" aria-busy={loading} data-testid={testId}>
      <Table.Root size="sm" variant="line" interactive={Boolean(onRowClick)} aria-label={label} opacity={loading && loaded ? 0.6 : 1} transition="opacity 0.15s">
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id} bg="gray.50">
              {group.headers.map((header) => (
                <Table.ColumnHeader
                  key={header.id}
                  aria-sort={ariaSort(header.column.id, sort)}
                  color="fg.muted"
                  fontSize="xs"
                  textTransform="uppercase"
                  letterSpacing="wide"
                  whiteSpace="nowrap"
                  textAlign={(header.column.columnDef.meta as { align?: 'end' } | undefined)?.align ?? 'start'}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {!loaded &&
            Array.from({ length: 4 }, (_, i) => (
              <Table.Row key={`skeleton-${i}`}>
                {Array.from({ length: columnCount }, (_, j) => (
                  <Table.Cell key={j}>
                    <Skeleton height="4" />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          {loaded && rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={columnCount} py="10">
                {empty}
              </Table.Cell>
            </Table.Row>
          )}
          {rows.map((row) => (
            <Table.Row
              key={row.id}
              data-testid="table-row"
              cursor={onRowClick ? 'pointer' : undefined}
              onClick={onRowClick ? () => onRowClick(row.original) : undefined}
            >
              {row.getAllCells().map((cell) => (
                <Table.Cell key={cell.id} textAlign={(cell.column.columnDef.meta as { align?: 'end' } | undefined)?.align ?? 'start'} verticalAlign="middle">
                  <table.FlexRender cell={cell} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
