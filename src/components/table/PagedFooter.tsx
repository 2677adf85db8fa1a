/** The footer of a server-paged table with a choice of page size: the pager, and the rows per page beside it once there are rows. */
import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Select } from '../Select';
import { Pager } from './Pager';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  /** The page sizes to choose from. */
  sizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** The message id of the page size's label. */
  sizeLabel: string;
  sizeTestId?: string;
}

export function PagedFooter({ page, pageSize, total, sizes, onPage, onPageSize, sizeLabel, sizeTestId }: Props) {
  const intl = useIntl();
  return (
    <Flex gap="4" align="end" wrap="wrap">
      <Box flex="1" minW="0">
        <Pager page={page} pageSize={pageSize} total={total} onPage={onPage} />
      </Box>
      {total > 0 && (
        <HStack gap="2" pt="3">
          <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap" aria-hidden>
            <FormattedMessage id={sizeLabel} />
          </Text>
          <Select
            size="sm"
            w="20"
            name="page_size"
            aria-label={intl.formatMessage({ id: sizeLabel })}
            data-testid={sizeTestId}
            value={String(pageSize)}
            onChange={(e) => onPageSize(Number(e.target.value))}
            options={sizes.map((n) => ({ value: String(n), label: intl.formatNumber(n) }))}
          />
        </HStack>
      )}
    </Flex>
  );
}
