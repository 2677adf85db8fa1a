/**
 * An article's labels as every Media Watcher screen shows them: its adverse-media categories (each in its
 * category's colour, the same as in the reader's highlights), its sentiment with the score, and the adverse
 * keywords that were found in it.
 */
import { Badge, HStack, Text, Wrap } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Sentiment } from '@common/media';
import { categoryColour, categoryLabel, sentimentLabel, sentimentScore } from '../../lib/media';
import { Name } from '../Name';

export function CategoryBadge({ category }: { category: string }) {
  const intl = useIntl();
  const colour = categoryColour(category);
  return (
    <Badge size="sm" variant="plain" bg={colour.bg} color={colour.fg} borderWidth="1px" borderColor={colour.fg} data-testid="category-badge" data-category={category}>
      {categoryLabel(intl, category)}
    </Badge>
  );
}

export function CategoryBadges({ categories }: { categories: string[] }) {
  if (categories.length === 0) return null;
  return (
    <Wrap gap="1" data-testid="category-badges">
      {categories.map((c) => (
        <CategoryBadge key={c} category={c} />
      ))}
    </Wrap>
  );
}

const SENTIMENT_PALETTE: Record<Sentiment, string> = { negative: 'red', neutral: 'gray', positive: 'green' };

export function SentimentBadge({ sentiment, score }: { sentiment: Sentiment; score: number }) {
  const intl = useIntl();
  return (
    <Badge size="sm" variant="subtle" colorPalette={SENTIMENT_PALETTE[sentiment] ?? 'gray'} data-testid="sentiment-badge" data-sentiment={sentiment}>
      {sentimentLabel(intl, sentiment)}
      <Text as="span" fontWeight="normal" dir="ltr">
        {sentimentScore(intl, score)}
      </Text>
    </Badge>
  );
}

/** The adverse keywords found, as the article writes them (isolated: an English word on an Arabic page keeps its order). */
export function AdverseKeywords({ keywords }: { keywords: string[] }) {
  if (keywords.length === 0) return null;
  return (
    <HStack gap="1.5" wrap="wrap" fontSize="xs" data-testid="adverse-keywords">
      <Text color="fg.muted">
        <FormattedMessage id="media.article.adverse_keywords" />
      </Text>
      {keywords.slice(0, 12).map((k) => (
        <Badge key={k} size="sm" variant="outline" colorPalette="red" textTransform="none">
          <Name>{k}</Name>
        </Badge>
      ))}
      {keywords.length > 12 && <Text color="fg.muted">+{keywords.length - 12}</Text>}
    </HStack>
  );
}
