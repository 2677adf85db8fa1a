/** What the invoices table reads from the invoice download statechart (invoice-download.machine.ts). */
import type { InvoiceDownloadContext, InvoiceDownloadTag } from './invoice-download.types';

interface Snapshot {
  context: InvoiceDownloadContext;
  hasTag(tag: InvoiceDownloadTag): boolean;
}

export const selectDownloadBusy = (s: Snapshot) => s.hasTag('busy');
/** The id of the invoice whose PDF is on its way, for its row's button. */
export const selectDownloadingId = (s: Snapshot) => s.context.downloading?.id ?? null;
