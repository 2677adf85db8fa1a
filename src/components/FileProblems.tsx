/**
 * The problems of a refused upload (a bulk search file, a custom list): how many there are, the first
 * ones as a table (line, column, value, message) and the button that saves them all as an error file.
 * Each feature names its strings by a prefix (`<prefix>.invalid_body`, `.listed`, `.col_row`,
 * `.col_column`, `.col_value`, `.col_message`, `.whole_file`, `.download_errors`).
 */
import { Alert, Box, Button, HStack, Stack, Table } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FileProblem } from '@common/spreadsheet';
import { Name } from './Name';

/** Problems shown in the table; the error file holds every listed one. */
const SHOWN = 200;
const PROBLEM_COLUMNS = ['row', 'column', 'value', 'message'] as const;

export function FileProblems<P extends FileProblem>({
  problems,
  count,
  messageOf,
  prefix,
  onDownload,
  testIds,
}: {
  problems: P[];
  /** Every problem found, listed or not. */
  count: number;
  messageOf: (p: P) => string;
  prefix: string;
  onDownload: () => void;
  testIds: { box: string; row: string; download: string };
}) {
  const intl = useIntl();
  return (
    <Stack gap="3" data-testid={testIds.box}>
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Description>
          <FormattedMessage id={`${prefix}.invalid_body`} values={{ count }} />
          {count > problems.length && (
            <>
              {' '}
              <FormattedMessage id={`${prefix}.listed`} values={{ shown: problems.length }} />
            </>
          )}
        </Alert.Description>
      </Alert.Root>
      <Box maxH="64" overflowY="auto" borderWidth="1px" rounded="md">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              {PROBLEM_COLUMNS.map((k) => (
                <Table.ColumnHeader key={k}>
                  <FormattedMessage id={`${prefix}.col_${k}`} />
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {problems.slice(0, SHOWN).map((p, i) => (
              <Table.Row key={`${p.row}-${p.column}-${i}`} data-testid={testIds.row}>
                <Table.Cell>{intl.formatNumber(p.row)}</Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs" dir="ltr" textAlign="start">
                  {p.column || <FormattedMessage id={`${prefix}.whole_file`} />}
                </Table.Cell>
                <Table.Cell maxW="40" truncate>
                  <Name>{p.value ?? ''}</Name>
                </Table.Cell>
                <Table.Cell>{messageOf(p)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={onDownload} data-testid={testIds.download}>
          <LuDownload /> <FormattedMessage id={`${prefix}.download_errors`} />
        </Button>
      </HStack>
    </Stack>
  );
}
