/**
 * How Media Watcher's case values are shown: a media case's status and risk level (translated with the
 * case values' labels, src/lib/valueLabels.ts), an article's review, and a media case's query as chips.
 */
import { Badge, HStack, Wrap } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MediaQuery } from '@common/media';
import { countryName } from '../../lib/countries';
import { languageName } from '../../lib/media';
import { valueLabel } from '../../lib/valueLabels';
import { Name } from '../../components/Name';
import { MODE_PALETTE } from './KeywordInput';

const CASE_STATUS_COLOURS: Record<string, string> = { Passed: 'green', 'For Review': 'orange', Failed: 'red' };
const RISK_COLOURS: Record<string, string> = { High: 'red', Medium: 'orange', Low: 'green', Unknown: 'gray' };
const MATCH_COLOURS: Record<string, string> = { 'Potential Match': 'orange', 'True Positive': 'red', 'False Positive': 'green' };

export function MediaCaseStatusBadge({ value }: { value: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={CASE_STATUS_COLOURS[value] ?? 'gray'} variant="subtle" data-testid="case-status">
      {valueLabel(intl, 'case_status', value)}
    </Badge>
  );
}

export function MediaRiskBadge({ value }: { value: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={RISK_COLOURS[value] ?? 'gray'} variant="outline" data-testid="risk-level">
      {valueLabel(intl, 'risk_level', value)}
    </Badge>
  );
}

export function ArticleMatchBadge({ value }: { value: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={MATCH_COLOURS[value] ?? 'gray'} variant="subtle" data-testid="article-match-status">
      {valueLabel(intl, 'match_status', value)}
    </Badge>
  );
}

/** A saved query as chips: each keyword in its mode's colour, then the filters it was run with. */
export function QueryChips({ query, compact = false }: { query: MediaQuery; compact?: boolean }) {
  const intl = useIntl();
  const keywords = compact ? query.keywords.slice(0, 4) : query.keywords;
  return (
    <Wrap gap="1" data-testid="query-chips">
      {keywords.map((k, i) => (
        <Badge key={`${k.term}-${i}`} size="sm" variant="subtle" colorPalette={MODE_PALETTE[k.mode]} title={intl.formatMessage({ id: `media.mode.${k.mode}` })} textTransform="none">
          {k.mode === 'exclude' ? '−' : k.mode === 'any' ? '∗' : '+'} <Name>{k.term}</Name>
        </Badge>
      ))}
      {compact && query.keywords.length > keywords.length && (
        <Badge size="sm" variant="outline">
          +{query.keywords.length - keywords.length}
        </Badge>
      )}
      {!compact && (
        <HStack gap="1" wrap="wrap">
          <Badge size="sm" variant="outline">
            <FormattedMessage id={`media.match.${query.match}`} />
          </Badge>
          {(query.languages ?? []).map((l) => (
            <Badge key={l} size="sm" variant="outline">
              {languageName(intl, l)}
            </Badge>
          ))}
          {(query.countries ?? []).map((c) => (
            <Badge key={c} size="sm" variant="outline">
              {countryName(c, intl.locale)}
            </Badge>
          ))}
          {query.window && (
            <Badge size="sm" variant="outline">
              <FormattedMessage id={`media.window.last_${query.window.unit}`} values={{ count: query.window.amount }} />
            </Badge>
          )}
          {query.adverse_only && (
            <Badge size="sm" variant="outline" colorPalette="red">
              <FormattedMessage id="media.search.adverse_only" />
            </Badge>
          )}
        </HStack>
      )}
    </Wrap>
  );
}
