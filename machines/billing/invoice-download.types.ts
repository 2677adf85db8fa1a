/** Types of the invoice download statechart (invoice-download.machine.ts). */
import type { Invoice } from '../../common/billing';

// ---------------------------------------------------------------- Context

export interface InvoiceDownloadContext {
  /** The invoice whose PDF is on its way; null when none is. */
  downloading: Pick<Invoice, 'id' | 'number'> | null;
}

// ---------------------------------------------------------------- Events

export type InvoiceDownloadEvent = { type: 'DOWNLOAD'; invoice: Pick<Invoice, 'id' | 'number'> };

// ---------------------------------------------------------------- Tags

export type InvoiceDownloadTag = 'busy';
