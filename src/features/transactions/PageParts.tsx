/**
 * The pieces the transaction-monitoring pages share. The transaction, customer and alert listings: the filter
 * form that applies on submit, its Apply and Clear buttons, and the list's error, table and pager. The detail
 * pages: what shows when the record could not be loaded.
 */
import { Box, Button, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuRotateCw } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { TM_PAGE_SIZES } from '@machines/transactions/list-query';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { PagedFooter } from '../../components/table/PagedFooter';
import type { useTmList } from './useTmList';

type TmList<Row> = ReturnType<typeof useTmList<Row>>;

/** The filters' form: submitting it (Enter in a field, or Apply) applies the draft through the list's machine. */
export function FilterForm({ list, children }: { list: Pick<TmList<unknown>, 'send'>; children: ReactNode }) {
  const intl = useIntl();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        list.send({ type: 'APPLY' });
      }}
      noValidate
      aria-label={intl.formatMessage({ id: 'transactions.listing.filters' })}
    >
      {children}
    </form>
  );
}

/** Apply, and once filters are in force a link back to the unfiltered list. */
export function FilterActions({ prefix, clearHref, filtered }: { prefix: string; clearHref: string; filtered: boolean }) {
  return (
    <HStack gap="2">
      <Button type="submit" size="sm" colorPalette="brand" data-testid={`${prefix}-apply-filters`}>
        <FormattedMessage id="transactions.listing.apply" />
      </Button>
      {filtered && (
        <Button size="sm" variant="ghost" asChild>
          <Link href={clearHref} data-testid={`${prefix}-clear-filters`}>
            <FormattedMessage id="transactions.listing.clear" />
          </Link>
        </Button>
      )}
    </HStack>
  );
}

interface ResultsProps<Row extends object> {
  list: TmList<Row>;
  table: Parameters<typeof DataTable<Row>>[0]['table'];
  label: string;
  testId: string;
  onRowClick: (row: Row) => void;
  empty: ReactNode;
}

/** Why the last load failed, the rows (or the empty message), and the pager under them. */
export function ListingResults<Row extends object>({ list, table, label, testId, onRowClick, empty }: ResultsProps<Row>) {
  return (
    <>
      {list.failed && <ServerError message={list.error?.message ?? null} code={list.error?.code} />}
      <DataTable table={table} loading={list.loading} loaded={list.loaded} label={label} testId={testId} onRowClick={onRowClick} empty={empty} />
      <PagedFooter
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        sizes={TM_PAGE_SIZES}
        onPage={(page) => list.send({ type: 'PAGE', page })}
        onPageSize={(pageSize) => list.send({ type: 'PAGE_SIZE', pageSize })}
        sizeLabel="transactions.listing.page_size"
      />
    </>
  );
}

/** A detail page whose record could not be loaded: its breadcrumbs, why, and a way to try again. */
export function LoadFailed({ breadcrumbs, error, onRetry }: { breadcrumbs: ReactNode; error: { message: string | null; code?: string | null }; onRetry: () => void }) {
  return (
    <Box>
      {breadcrumbs}
      <Stack gap="3" align="start">
        <ServerError message={error.message} code={error.code} />
        <Button size="sm" variant="outline" onClick={onRetry}>
          <LuRotateCw /> <FormattedMessage id="transactions.detail.retry" />
        </Button>
      </Stack>
    </Box>
  );
}
