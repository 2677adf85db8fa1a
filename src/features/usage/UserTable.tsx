/** Usage Statistics' table per user: each user's searches, decisions and media searches in the period. */
import { Text } from '@chakra-ui/react';
import { useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { LuUsers } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UsageUserRow } from '@common/usage';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { DataTable } from '../../components/table/DataTable';
import { appTableFeatures, columnsFor } from '../../components/table/features';

const column = columnsFor<UsageUserRow>();
const NUMBERS = ['searches', 'decisions', 'media_searches'] as const;

export function UserTable({ rows, loading }: { rows: UsageUserRow[]; loading: boolean }) {
  const intl = useIntl();
  const columns = useMemo(
    () =>
      column.columns([
        column.display({
          id: 'user',
          header: () => <FormattedMessage id="usage.users.user" />,
          cell: ({ row }) =>
            row.original.user ? (
              <Text fontSize="sm" fontWeight="medium">
                <Name>{row.original.user.name}</Name>
              </Text>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="usage.users.removed" />
              </Text>
            ),
        }),
        ...NUMBERS.map((measure) =>
          column.accessor(measure, {
            header: () => <FormattedMessage id={`usage.measures.${measure}`} />,
            meta: { align: 'end' },
            cell: ({ getValue }) => (
              <Text as="span" fontVariantNumeric="tabular-nums" data-testid={`user-${measure}`}>
                {intl.formatNumber(getValue())}
              </Text>
            ),
          }),
        ),
      ]),
    [intl],
  );
  const table = useTable({ features: appTableFeatures, columns, data: rows, getRowId: (r) => r.user?._id ?? 'removed' });
  return (
    <DataTable
      table={table}
      loading={loading}
      loaded
      label={intl.formatMessage({ id: 'usage.users.title' })}
      testId="usage-users"
      empty={<EmptyMessage icon={<LuUsers />} title={<FormattedMessage id="usage.users.none" />} />}
    />
  );
}
