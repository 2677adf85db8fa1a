/** Types of Manage Case's list statechart (manage-case.machine.ts); the address-driven list's own are in machines/shared/address-list.ts. */
import type { CaseView } from '../../common/cases';
import type { CaseSortKey } from '../../common/cases';
import type { AddressListContext, AddressListEvent, AddressListInput, AddressListTag, ExportRequest as ListExportRequest } from '../shared/address-list';
import type { CaseListFilters, CaseListView } from './case-list-query';
export type { ExportFormat, Navigation } from '../shared/address-list';

// ---------------------------------------------------------------- Input

export type ManageCaseInput = AddressListInput;

// ---------------------------------------------------------------- Context

export type ManageCaseContext = AddressListContext<CaseListView, CaseView>;

// ---------------------------------------------------------------- Events

export type ManageCaseEvent = AddressListEvent<CaseListFilters> | { type: 'SORT'; key: CaseSortKey };

/** What the provided download is given: the view on screen and the format. */
export type ExportRequest = ListExportRequest<CaseListView>;

// ---------------------------------------------------------------- Tags

export type ManageCaseTag = AddressListTag;
