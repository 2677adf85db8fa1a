/**
 * The Adverse Media tab of a case's entity (GET /api/record-adverse-media): the articles of the media corpus
 * and of the organisation's custom sources that mention the searched name or the entity's names (aliases and
 * other scripts included), each with the name it matched and how, its categories, sentiment and keywords,
 * and a "new" badge for an article found by adverse-media monitoring since the tab was last opened. The
 * articles are asked for only when the tab is open: the call computes the mentions the first time and
 * clears the "new" flags. An article opens in the shared reader with the matched words marked.
 */
import { Badge, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuNewspaper, LuRotateCw, LuSparkles } from 'react-icons/lu';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ArticleView } from '@common/media';
import { EmptyMessage } from '../../components/EmptyMessage';
import { ArticleReader } from '../../components/media/ArticleReader';
import { ArticleSummary } from '../../components/media/ArticleSummary';
import { Name } from '../../components/Name';
import { ServerError } from '../../components/ServerError';
import { useResource } from '../../lib/useResource';

export type MentionedArticle = ArticleView & { matched_name: string; matched_text: string; match_score: number; is_new: boolean };

interface MediaAnswer {
  items: MentionedArticle[];
  scanned_at: string | null;
}

export function AdverseMediaTab({ reference, entityId, active }: { reference: string; entityId: string; active: boolean }) {
  const intl = useIntl();
  const media = useResource<MediaAnswer>(active ? '/record-adverse-media' : null, { reference, id: entityId });
  const [reading, setReading] = useState<MentionedArticle | null>(null);

  if (media.error && !media.data) {
    return (
      <Stack gap="3" align="start" data-testid="media-error">
        <ServerError message={media.error.message} code={media.error.code} />
        <Button size="sm" variant="outline" onClick={media.retry}>
          <LuRotateCw /> <FormattedMessage id="media.detail.retry" />
        </Button>
      </Stack>
    );
  }
  // A tab never opened asks for nothing, so it shows nothing either: a hidden placeholder would read as busy.
  if (!media.data && !active) return null;
  if (!media.data) {
    return (
      <Stack gap="3" aria-busy="true" data-testid="media-loading">
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="media.tab.loading" />
        </Text>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="24" rounded="l2" />
        ))}
      </Stack>
    );
  }
  const items = media.data.items;
  if (items.length === 0) {
    return <EmptyMessage icon={<LuNewspaper />} testId="media-empty" title={<FormattedMessage id="cases.entity.no_media" />} description={<FormattedMessage id="cases.entity.no_media_body" />} />;
  }
  const fresh = items.filter((a) => a.is_new).length;
  return (
    <Stack gap="3" data-testid="entity-media">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" data-testid="entity-media-count">
            <FormattedMessage id="media.tab.count" values={{ count: items.length }} />
          </Text>
          {fresh > 0 && (
            <Badge colorPalette="purple" variant="subtle" size="sm">
              <FormattedMessage id="media.tab.fresh" values={{ count: fresh }} />
            </Badge>
          )}
        </HStack>
        {media.data.scanned_at && (
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="media.tab.scanned" values={{ date: intl.formatDate(media.data.scanned_at, { dateStyle: 'medium', timeStyle: 'short' }) }} />
          </Text>
        )}
      </HStack>
      {items.map((article) => (
        <ArticleSummary
          key={article.id}
          article={article}
          onOpen={() => setReading(article)}
          emphasised={article.is_new}
          aside={
            article.is_new ? (
              <Badge colorPalette="purple" variant="solid" size="sm" data-testid="media-new">
                <LuSparkles aria-hidden /> <FormattedMessage id="media.tab.new" />
              </Badge>
            ) : undefined
          }
        >
          <Text fontSize="xs" color="fg.muted" data-testid="media-matched">
            <FormattedMessage
              id="media.tab.matched"
              values={{
                name: <Name fontWeight="semibold" color="fg">{article.matched_name}</Name>,
                text: <Name>{article.matched_text}</Name>,
                score: intl.formatNumber(article.match_score > 1 ? article.match_score / 100 : article.match_score, { style: 'percent' }),
              }}
            />
          </Text>
        </ArticleSummary>
      ))}
      <ArticleReader article={reading} terms={reading ? [reading.matched_text] : undefined} match="exact" onClose={() => setReading(null)} />
    </Stack>
  );
}
