/** Types of the report link statechart (report-link.machine.ts). */
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Input

export interface ReportLinkInput {
  /** The link's token (/usage-report-pdf?token=...). */
  token: string;
}

// ---------------------------------------------------------------- Context

/** The report as the API answered it. */
export interface ReportFile {
  blob: Blob;
  fileName: string;
  /** An address the browser opens the PDF at (an object URL of the blob). */
  url: string;
}

export interface ReportLinkContext {
  token: string;
  file: ReportFile | null;
  /** Why the report could not be opened (an unknown or expired link, no connection), until the next attempt. */
  error: ApiFailure | null;
}

// ---------------------------------------------------------------- Events

export type ReportLinkEvent =
  /** Save the report as a file. */
  | { type: 'SAVE' }
  /** Ask for the report again after a failure. */
  | { type: 'RETRY' };
