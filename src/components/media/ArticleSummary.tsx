/**
 * One article in a list of articles (search results, a media case, a screening case's Adverse Media tab):
 * its title, which opens the reader, the publisher, publication date and language, the snippet with the
 * searched words marked, the categories, the sentiment and the adverse keywords. Each screen adds its own
 * parts (a review select, a "new" badge, the name it matched) in `aside` and `children`. Article text keeps
 * its own direction (dir="auto"): a Russian title reads left to right on an Arabic page.
 */
import { Box, chakra, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedDate, useIntl } from 'react-intl';
import type { ArticleView } from '@common/media';
import { languageName } from '../../lib/media';
import { Name } from '../Name';
import { HighlightedText } from './HighlightedText';
import { AdverseKeywords, CategoryBadges, SentimentBadge } from './MediaBadges';

interface Props {
  article: ArticleView;
  onOpen: (article: ArticleView) => void;
  /** Beside the title: the screen's own badges and controls. */
  aside?: ReactNode;
  children?: ReactNode;
  /** Bold title: an article the user has not looked at yet. */
  emphasised?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export function ArticleSummary({ article, onOpen, aside, children, emphasised, headingLevel = 'h3' }: Props) {
  const intl = useIntl();
  const publisher = article.publisher || article.source;
  return (
    <Box as="article" borderWidth="1px" rounded="l2" p="4" bg="bg" data-testid="article" data-article-id={article.id}>
      <Flex justify="space-between" align="start" gap="3" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <Stack gap="1" minW="0" flex="1">
          <Heading as={headingLevel} fontSize="md" lineHeight="short" fontWeight={emphasised ? 'bold' : 'semibold'}>
            <chakra.button
              type="button"
              onClick={() => onOpen(article)}
              textAlign="start"
              color="brand.fg"
              cursor="pointer"
              _hover={{ textDecoration: 'underline' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px', rounded: 'xs' }}
              dir="auto"
              data-testid="article-title"
            >
              {article.title}
            </chakra.button>
          </Heading>
          <HStack gap="1.5" fontSize="xs" color="fg.muted" wrap="wrap" data-testid="article-meta">
            <Text fontWeight="medium" color="fg">
              <Name>{publisher}</Name>
            </Text>
            {article.published_at && (
              <>
                <Text aria-hidden>·</Text>
                <Text whiteSpace="nowrap">
                  <FormattedDate value={article.published_at} dateStyle="medium" />
                </Text>
              </>
            )}
            <Text aria-hidden>·</Text>
            <Text data-testid="article-language">{languageName(intl, article.language)}</Text>
            {article.author && (
              <>
                <Text aria-hidden>·</Text>
                <Text>
                  <Name>{article.author}</Name>
                </Text>
              </>
            )}
          </HStack>
        </Stack>
        {aside && (
          <HStack gap="2" flexShrink={0} wrap="wrap" justify="flex-end">
            {aside}
          </HStack>
        )}
      </Flex>
      {article.snippet.length > 0 && (
        <Text fontSize="sm" mt="2" color="fg" dir="auto" textAlign="start" lineClamp={4} data-testid="article-snippet">
          <HighlightedText segments={article.snippet} />
        </Text>
      )}
      <Stack gap="2" mt="3">
        <HStack gap="2" wrap="wrap">
          <SentimentBadge sentiment={article.sentiment} score={article.sentiment_score} />
          <CategoryBadges categories={article.categories} />
        </HStack>
        <AdverseKeywords keywords={article.adverse_keywords} />
        {children}
      </Stack>
    </Box>
  );
}
