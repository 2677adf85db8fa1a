/** Feedback sent from the header's dialog, newest first (administrators: view_feedback). */
import { Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuMessageSquare } from 'react-icons/lu';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { EmptyMessage } from '../../components/EmptyMessage';
import { ServerError } from '../../components/ServerError';
import { Pager } from '../../components/table/Pager';
import { useList } from '../../components/useList';
import { loadFeedback, type FeedbackEntry } from './api';

export function FeedbackList() {
  const list = useList<FeedbackEntry>(loadFeedback, { pageSize: 20 });
  if (list.failed) return <ServerError message={list.error?.message ?? null} code={list.error?.code} />;
  if (list.loaded && list.rows.length === 0) {
    return <EmptyMessage testId="feedback-empty" icon={<LuMessageSquare />} title={<FormattedMessage id="audit.feedback.empty_title" />} description={<FormattedMessage id="audit.feedback.empty_body" />} />;
  }
  return (
    <Stack gap="3" opacity={list.loading && list.loaded ? 0.6 : 1} data-testid="feedback-list">
      {list.rows.map((entry) => (
        <Card.Root key={entry.id} variant="outline" size="sm">
          <Card.Body gap="2">
            <Text whiteSpace="pre-wrap">{entry.message}</Text>
            <HStack gap="2" fontSize="xs" color="fg.muted" wrap="wrap">
              <Text fontWeight="medium" color="fg">
                {entry.user_name}
              </Text>
              <Box as="span" dir="ltr">
                {entry.user_email}
              </Box>
              <span>·</span>
              <FormattedDate value={entry.created_at} dateStyle="medium" timeStyle="short" />
              {entry.page && (
                <>
                  <span>·</span>
                  <FormattedMessage id="audit.feedback.from_page" values={{ page: entry.page }} />
                </>
              )}
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} onPage={list.goTo} />
    </Stack>
  );
}
