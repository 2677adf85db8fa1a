/** The linked-entity search: the listed entities closest to a linked name (source_details), with a way to open a case for it. */
import { Badge, Button, CloseButton, Dialog, HStack, Input, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { EmptyMessage } from '../../components/EmptyMessage';
import { useResource } from '../../lib/useResource';
import { valueLabel } from './labels';

interface Found {
  entity_id: string;
  name: string;
  matched_name: string;
  score: number;
  database: string;
  source: string;
}

export function LinkedEntityModal({ name, onClose }: { name: string | null; onClose: () => void }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const [term, setTerm] = useState(name ?? '');
  const [query, setQuery] = useState(name ?? '');
  // Opened for another name: the search starts again from it (adjusted while rendering, not in an effect afterwards).
  const [openedFor, setOpenedFor] = useState(name);
  if (name !== openedFor) {
    setOpenedFor(name);
    setTerm(name ?? '');
    setQuery(name ?? '');
  }
  const found = useResource<{ data: Found[] }>(name && query.trim() ? '/source_details' : null, { search: query });
  return (
    <Dialog.Root open={Boolean(name)} onOpenChange={(d) => !d.open && onClose()} size="lg" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="linked-modal">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="cases.linked.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    setQuery(term);
                  }}
                >
                  <HStack>
                    <Input value={term} onChange={(e) => setTerm(e.target.value)} aria-label={intl.formatMessage({ id: 'cases.fields.search_term' })} />
                    <Button type="submit" colorPalette="brand">
                      <LuSearch /> <FormattedMessage id="cases.linked.search" />
                    </Button>
                  </HStack>
                </form>
                {found.loading && <Skeleton height="16" />}
                {found.data?.data.length === 0 && <EmptyMessage icon={<LuSearch />} title={<FormattedMessage id="cases.linked.none" />} />}
                {found.data?.data.map((f) => (
                  <HStack key={f.entity_id} justify="space-between" borderWidth="1px" rounded="md" px="3" py="2">
                    <Stack gap="0">
                      <Text fontWeight="medium">{f.name}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {valueLabel(intl, 'database', f.database)} · {f.source}
                      </Text>
                    </Stack>
                    <Badge colorPalette="brand">{intl.formatNumber(f.score / 100, { style: 'percent' })}</Badge>
                  </HStack>
                ))}
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage id="cases.linked.hint" />
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <FormattedMessage id="cases.common.close" />
              </Button>
              <Button colorPalette="brand" onClick={() => navigate(`/make-case?search_term=${encodeURIComponent(term)}`)}>
                <FormattedMessage id="cases.linked.create_case" />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
