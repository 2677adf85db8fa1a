/** The footer of a paged table: "21–40 of 53" and the page buttons (arrows turn around right-to-left). */
import { ButtonGroup, Flex, IconButton, Pagination, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { DirectionalIcon } from '../DirectionalIcon';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pager({ page, pageSize, total, onPage }: Props) {
  const intl = useIntl();
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Flex justify="space-between" align="center" pt="3" gap="4" wrap="wrap" data-testid="pager">
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="admin.table.range" values={{ from, to, total }} />
      </Text>
      {total > pageSize && (
        <Pagination.Root count={total} pageSize={pageSize} page={page} onPageChange={(d) => onPage(d.page)}>
          <ButtonGroup variant="ghost" size="sm">
            <Pagination.PrevTrigger asChild>
              <IconButton aria-label={intl.formatMessage({ id: 'admin.table.previous' })}>
                <DirectionalIcon>
                  <LuChevronLeft />
                </DirectionalIcon>
              </IconButton>
            </Pagination.PrevTrigger>
            <Pagination.Items render={(p) => <IconButton variant={{ base: 'ghost', _selected: 'outline' }}>{intl.formatNumber(p.value)}</IconButton>} />
            <Pagination.NextTrigger asChild>
              <IconButton aria-label={intl.formatMessage({ id: 'admin.table.next' })}>
                <DirectionalIcon>
                  <LuChevronRight />
                </DirectionalIcon>
              </IconButton>
            </Pagination.NextTrigger>
          </ButtonGroup>
        </Pagination.Root>
      )}
    </Flex>
  );
}
