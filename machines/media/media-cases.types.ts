/** Types of Media Manage Case's list statechart (media-cases.machine.ts); the address-driven list's own are in machines/shared/address-list.ts. */
import type { AddressListContext, AddressListEvent, AddressListInput, AddressListTag, ExportRequest as ListExportRequest } from '../shared/address-list';
import type { MediaCaseFilters, MediaCaseListView } from './media-cases-query';
import type { MediaCaseView } from './views';
export type { ExportFormat, Navigation } from '../shared/address-list';

// ---------------------------------------------------------------- Input

export type MediaCasesInput = AddressListInput;

// ---------------------------------------------------------------- Context

export interface MediaCasesContext extends AddressListContext<MediaCaseListView, MediaCaseView> {
  /** The cases being marked read or unread. */
  marking: MarkRequest | null;
}

// ---------------------------------------------------------------- Events

export interface MarkRequest {
  references: string[];
  is_read: boolean;
}

export type MediaCasesEvent =
  | AddressListEvent<MediaCaseFilters>
  /** Mark cases read or unread (a row's menu, or the ticked rows). */
  | { type: 'MARK'; references: string[]; is_read: boolean };

export type ExportRequest = ListExportRequest<MediaCaseListView>;

// ---------------------------------------------------------------- Tags

export type MediaCasesTag = AddressListTag | 'marking';
