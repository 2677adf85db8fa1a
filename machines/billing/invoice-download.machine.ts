/**
 * Downloading an invoice's PDF from the invoices table (section 7: a file answer is fetched as a blob and
 * handed to the browser's save). One download at a time: the row's button is busy meanwhile and the others
 * wait, so a double click is one file. A failure is told in a snack bar through the provided notifyFailure.
 * The call is supplied with .provide({ actors: { download } }).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Invoice } from '../../common/billing';
import { failureNotice } from '../shared/api-failure';
import type { InvoiceDownloadContext, InvoiceDownloadEvent, InvoiceDownloadTag } from './invoice-download.types';
export type { InvoiceDownloadContext, InvoiceDownloadEvent, InvoiceDownloadTag } from './invoice-download.types';

export const invoiceDownloadMachine = setup({
  types: {
    context: {} as InvoiceDownloadContext,
    events: {} as InvoiceDownloadEvent,
    tags: {} as InvoiceDownloadTag,
  },
  actors: {
    download: fromPromise<unknown, Pick<Invoice, 'id' | 'number'>>(async () => {
      throw new Error('download is provided by the screen');
    }),
  },
  actions: {
    /** Supplied by the screen: the snack bar of a failed download. */
    notifyFailure: (_, _params: { message: string; code: string | null }) => {},
  },
}).createMachine({
  id: 'invoiceDownload',
  context: { downloading: null },
  initial: 'idle',
  states: {
    idle: {
      on: { DOWNLOAD: { target: 'downloading', actions: assign({ downloading: ({ event }) => event.invoice }) } },
    },
    downloading: {
      tags: ['busy'],
      description: 'One file at a time: another DOWNLOAD meanwhile is not a second request.',
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => context.downloading!,
        onDone: { target: 'idle', actions: assign({ downloading: null }) },
        onError: {
          target: 'idle',
          actions: [assign({ downloading: null }), { type: 'notifyFailure', params: ({ event }) => failureNotice(event.error) }],
        },
      },
    },
  },
});
