/**
 * The one TanStack Table feature set every table of the app uses (v9 API:
 * tableFeatures + useTable). Lists are paged, sorted and filtered by the API,
 * so the table only needs row selection (bulk actions) and column visibility.
 * Keep this object at module scope: a new one per render rebuilds every model.
 */
import { columnVisibilityFeature, createColumnHelper, rowSelectionFeature, tableFeatures, type RowData } from '@tanstack/react-table';

export const appTableFeatures = tableFeatures({ rowSelectionFeature, columnVisibilityFeature });
export type AppTableFeatures = typeof appTableFeatures;

/** A column helper typed with the shared features: `const col = columnsFor<User>()`. */
export const columnsFor = <Row extends RowData>() => createColumnHelper<AppTableFeatures, Row>();
