/**
 * The article reader: a drawer with an article's whole text (POST /api/highlight-text), the adverse
 * keywords highlighted in their category's colour with a legend of the categories found, the searched
 * words marked, and a link to the original (opened in a new tab, without giving it this page). Media
 * Search, a media case and a screening case's Adverse Media tab open it.
 */
import { Box, Button, CloseButton, Drawer, Flex, HStack, Link, Portal, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuExternalLink, LuRotateCw } from 'react-icons/lu';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { ArticleView, MatchKind } from '@common/media';
import { countryName } from '../../lib/countries';
import { categoryColour, categoryLabel, languageName, TERM_COLOUR } from '../../lib/media';
import { useHighlight } from '../../lib/useHighlight';
import { Name } from '../Name';
import { ServerError } from '../ServerError';
import { HighlightedText } from './HighlightedText';
import { CategoryBadges, SentimentBadge } from './MediaBadges';

interface Props {
  /** The article opened (its summary shows while the whole text loads); null when the reader is closed. */
  article: ArticleView | null;
  /** The searched words to mark. */
  terms?: string[];
  match?: MatchKind;
  onClose: () => void;
}

function Swatch({ bg, fg, children, testId }: { bg: string; fg: string; children: React.ReactNode; testId?: string }) {
  return (
    <HStack gap="1.5" fontSize="xs" data-testid={testId}>
      <Box as="span" w="3.5" h="3.5" rounded="xs" bg={bg} borderBottomWidth="2px" borderColor={fg} flexShrink={0} aria-hidden />
      <Text>{children}</Text>
    </HStack>
  );
}

export function ArticleReader({ article, terms, match, onClose }: Props) {
  const intl = useIntl();
  const request = article ? { article_id: article.id, ...(terms && terms.length ? { terms } : {}), ...(match ? { match } : {}) } : null;
  const text = useHighlight(request);
  // An answer for another article (the previous one, kept while the next loads) is not shown as this one.
  const loaded = text.data && article && text.data.article.id === article.id ? text.data : null;
  const shown = loaded?.article ?? article;
  const legend = useMemo(() => {
    const segments = loaded ? [...loaded.title, ...loaded.body] : [];
    const categories = [...new Set(segments.filter((s) => s.mark === 'keyword' && s.category).map((s) => s.category!))];
    return { categories, terms: segments.some((s) => s.mark === 'term') };
  }, [loaded]);

  return (
    <Drawer.Root open={article !== null} onOpenChange={(d) => !d.open && onClose()} size="lg">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="article-reader">
            <Drawer.Header pe="12">
              <Drawer.Title fontSize="lg" lineHeight="short" dir="auto" textAlign="start" data-testid="reader-title">
                {loaded ? <HighlightedText segments={loaded.title} /> : shown?.title}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {shown && (
                <Stack gap="4">
                  <Flex justify="space-between" align="center" gap="3" wrap="wrap">
                    <HStack gap="1.5" fontSize="sm" color="fg.muted" wrap="wrap">
                      <Text fontWeight="medium" color="fg">
                        <Name>{shown.publisher || shown.source}</Name>
                      </Text>
                      {shown.published_at && (
                        <>
                          <Text aria-hidden>·</Text>
                          <FormattedDate value={shown.published_at} dateStyle="long" />
                        </>
                      )}
                      <Text aria-hidden>·</Text>
                      <Text>{languageName(intl, shown.language)}</Text>
                      {shown.author && (
                        <>
                          <Text aria-hidden>·</Text>
                          <Name>{shown.author}</Name>
                        </>
                      )}
                    </HStack>
                    <HStack gap="2">
                      <SentimentBadge sentiment={shown.sentiment} score={shown.sentiment_score} />
                      {shown.url && (
                        <Button asChild size="xs" variant="outline" colorPalette="brand">
                          <Link href={shown.url} target="_blank" rel="noopener noreferrer" data-testid="reader-original">
                            <FormattedMessage id="media.reader.original" /> <LuExternalLink aria-hidden />
                          </Link>
                        </Button>
                      )}
                    </HStack>
                  </Flex>
                  <CategoryBadges categories={shown.categories} />
                  {shown.countries.length > 0 && (
                    <Text fontSize="xs" color="fg.muted">
                      <FormattedMessage id="media.reader.countries" values={{ countries: intl.formatList(shown.countries.map((c) => countryName(c, intl.locale))) }} />
                    </Text>
                  )}
                  {(legend.categories.length > 0 || legend.terms) && (
                    <Box borderWidth="1px" rounded="l2" p="3" bg="bg.subtle" data-testid="reader-legend">
                      <Text as="h3" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mb="2">
                        <FormattedMessage id="media.reader.legend" />
                      </Text>
                      <Wrap gap="3">
                        {legend.terms && (
                          <Swatch bg={TERM_COLOUR.bg} fg={TERM_COLOUR.fg} testId="legend-terms">
                            <FormattedMessage id="media.reader.legend_terms" />
                          </Swatch>
                        )}
                        {legend.categories.map((c) => (
                          <Swatch key={c} bg={categoryColour(c).bg} fg={categoryColour(c).fg} testId="legend-category">
                            {categoryLabel(intl, c)}
                          </Swatch>
                        ))}
                      </Wrap>
                    </Box>
                  )}
                  {text.error && !loaded && (
                    <Stack gap="2" align="start">
                      <ServerError message={text.error.message} code={text.error.code} />
                      <Button size="sm" variant="outline" onClick={text.retry}>
                        <LuRotateCw /> <FormattedMessage id="media.reader.retry" />
                      </Button>
                    </Stack>
                  )}
                  {!loaded && !text.error && (
                    <Stack gap="2" aria-busy="true" data-testid="reader-loading">
                      {Array.from({ length: 8 }, (_, i) => (
                        <Skeleton key={i} height="3.5" width={i % 3 === 2 ? '70%' : '100%'} />
                      ))}
                    </Stack>
                  )}
                  {loaded && (
                    <Box fontSize="sm" lineHeight="tall" whiteSpace="pre-wrap" dir="auto" textAlign="start" data-testid="reader-body" tabIndex={0}>
                      <HighlightedText segments={loaded.body} />
                    </Box>
                  )}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'media.reader.close' })} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
