/** A hit's match score as a bar coloured by how close it is, with the percentage. */
import { HStack, Progress, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

export function ScoreBar({ score }: { score: number }) {
  const intl = useIntl();
  const colour = score >= 90 ? 'red' : score >= 80 ? 'orange' : 'yellow';
  return (
    <HStack gap="2" minW="28">
      <Progress.Root value={score} size="sm" colorPalette={colour} flex="1" aria-label={intl.formatMessage({ id: 'cases.fields.match_score' })}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" fontWeight="semibold" data-testid="hit-score">
        {intl.formatNumber(score / 100, { style: 'percent' })}
      </Text>
    </HStack>
  );
}
