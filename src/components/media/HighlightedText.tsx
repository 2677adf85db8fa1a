/**
 * A text as segments (common/media.ts TextSegment): plain text, the searched words marked as <mark>, and
 * the adverse keywords marked in their category's colour, named for screen readers and on hover. Segments
 * are rendered as text nodes, never as HTML: nothing an article contains can become markup.
 */
import { chakra } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { TextSegment } from '@common/media';
import { categoryColour, categoryLabel, TERM_COLOUR } from '../../lib/media';

export function HighlightedText({ segments }: { segments: TextSegment[] }) {
  const intl = useIntl();
  return (
    <>
      {segments.map((segment, i) => {
        if (segment.mark === 'term') {
          return (
            <chakra.mark key={i} bg={TERM_COLOUR.bg} color={TERM_COLOUR.fg} px="0.5" rounded="xs" fontWeight="semibold" data-mark="term">
              {segment.text}
            </chakra.mark>
          );
        }
        if (segment.mark === 'keyword') {
          const colour = categoryColour(segment.category ?? '');
          const label = segment.category ? categoryLabel(intl, segment.category) : undefined;
          return (
            <chakra.mark key={i} bg={colour.bg} color={colour.fg} px="0.5" rounded="xs" borderBottomWidth="2px" borderColor={colour.fg} title={label} data-mark="keyword" data-category={segment.category}>
              {segment.text}
            </chakra.mark>
          );
        }
        return <chakra.span key={i}>{segment.text}</chakra.span>;
      })}
    </>
  );
}
