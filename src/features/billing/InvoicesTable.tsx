/**
 * The organisation's invoices, newest first, paged (the page in the address): number, issue and due dates,
 * what it is for (in the user's language, from the invoice's kind, plan, period and grants), the total in its currency, its status, and a button that downloads its PDF (a blob handed to
 * the browser's save, one at a time: machines/billing/invoice-download.machine.ts).
 */
import { Button, Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { LuFileDown, LuReceipt } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import type { Invoice } from '@common/billing';
import { invoiceDownloadMachine } from '@machines/billing/invoice-download.machine';
import { selectDownloadBusy, selectDownloadingId } from '@machines/billing/invoice-download.selectors';
import { INVOICE_PAGE_SIZE } from '@machines/billing/invoices-address';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { DataTable } from '../../components/table/DataTable';
import { Pager } from '../../components/table/Pager';
import { appTableFeatures, columnsFor } from '../../components/table/features';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import type { Loaded } from '../../lib/useResource';
import { billingApi, type InvoicePage } from './api';
import { InvoiceStatusBadge, invoiceDescription, money } from './labels';

const column = columnsFor<Invoice>();

const downloads = invoiceDownloadMachine.provide({
  actors: { download: fromPromise(({ input }) => billingApi.invoicePdf(input)) },
  actions: { notifyFailure: (_, failure) => notify.error(messageText(failure.code, failure.message)) },
});

export function InvoicesTable({ list, page, onPage }: { list: Loaded<InvoicePage>; page: number; onPage: (page: number) => void }) {
  const intl = useIntl();
  const download = useActorRef(downloads, { inspect });
  const busy = useSelector(download, selectDownloadBusy);
  const downloadingId = useSelector(download, selectDownloadingId);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('number', {
          header: () => <FormattedMessage id="billing.invoices.number" />,
          cell: ({ row }) => (
            <Text fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="invoice-number">
              <Name>{row.original.number}</Name>
            </Text>
          ),
        }),
        column.accessor('issued_at', {
          header: () => <FormattedMessage id="billing.invoices.issued" />,
          cell: ({ row }) => (
            <Text whiteSpace="nowrap">
              <FormattedDate value={row.original.issued_at} dateStyle="medium" />
            </Text>
          ),
        }),
        column.accessor('due_at', {
          header: () => <FormattedMessage id="billing.invoices.due" />,
          cell: ({ row }) => (
            <Text whiteSpace="nowrap">
              <FormattedDate value={row.original.due_at} dateStyle="medium" />
            </Text>
          ),
        }),
        column.accessor('description', {
          header: () => <FormattedMessage id="billing.invoices.description" />,
          cell: ({ row }) => {
            const words = invoiceDescription(intl, row.original);
            // The server's English fallback is isolated like other data; translated words follow the page.
            return (
              <Text fontSize="sm" data-testid="invoice-description">
                {words === row.original.description ? <Name>{words}</Name> : words}
              </Text>
            );
          },
        }),
        column.accessor('total_cents', {
          header: () => <FormattedMessage id="billing.invoices.total" />,
          meta: { align: 'end' },
          cell: ({ row }) => (
            <Text whiteSpace="nowrap" fontWeight="medium" data-testid="invoice-total">
              {money(intl, row.original.total_cents, row.original.currency)}
            </Text>
          ),
        }),
        column.accessor('status', {
          header: () => <FormattedMessage id="billing.invoices.status" />,
          cell: ({ row }) => <InvoiceStatusBadge status={row.original.status} />,
        }),
        column.display({
          id: 'pdf',
          header: () => <FormattedMessage id="billing.invoices.pdf" />,
          meta: { align: 'end' },
          cell: ({ row }) => (
            <Button
              size="xs"
              variant="outline"
              loading={downloadingId === row.original.id}
              disabled={busy && downloadingId !== row.original.id}
              aria-label={intl.formatMessage({ id: 'billing.invoices.download' }, { number: row.original.number })}
              onClick={() => download.send({ type: 'DOWNLOAD', invoice: row.original })}
              data-testid="invoice-pdf"
            >
              <LuFileDown /> <FormattedMessage id="billing.invoices.pdf_button" />
            </Button>
          ),
        }),
      ]),
    [intl, busy, downloadingId, download],
  );

  const table = useTable({ features: appTableFeatures, columns, data: list.data?.data ?? [], getRowId: (i) => i.id });

  return (
    <>
      {list.error && <ServerError message={list.error.message} code={list.error.code} />}
      <DataTable
        table={table}
        loading={list.loading}
        loaded={list.data !== null}
        label={intl.formatMessage({ id: 'billing.invoices.title' })}
        testId="invoices-table"
        empty={<EmptyMessage testId="invoices-empty" icon={<LuReceipt />} title={<FormattedMessage id="billing.invoices.empty_title" />} description={<FormattedMessage id="billing.invoices.empty_body" />} />}
      />
      <Pager page={page} pageSize={INVOICE_PAGE_SIZE} total={list.data?.total ?? 0} onPage={onPage} />
    </>
  );
}
