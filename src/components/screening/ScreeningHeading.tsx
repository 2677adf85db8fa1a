/**
 * The heading of the screens that show a screened case (the case screens, the demo): the search's or the
 * entity's name with its badges, a line about the case, and the screen's own actions at the end.
 */
import { Flex, HStack, Stack, Text, type FlexProps, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CaseDetailView, HitDetailView } from '@common/cases';
import { Name } from '../Name';
import { CaseStatusBadge, MatchBadge, RiskBadge } from './labels';

interface ScreeningHeadingProps {
  title: ReactNode;
  badges: ReactNode;
  subtitle: ReactNode;
  align: FlexProps['align'];
  /** The screen's actions (pager, reports, drawers, the demo's allowance). */
  children?: ReactNode;
  actionsGap?: StackProps['gap'];
}

function ScreeningHeading({ title, badges, subtitle, align, children, actionsGap = '2' }: ScreeningHeadingProps) {
  return (
    <Flex justify="space-between" align={align} gap="4" mb="5" wrap="wrap">
      <Stack gap="1">
        <HStack gap="3" wrap="wrap">
          <Text as="h1" fontSize="2xl" fontWeight="bold" data-testid="page-title">
            {title}
          </Text>
          {badges}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {subtitle}
        </Text>
      </Stack>
      <HStack gap={actionsGap} wrap="wrap">
        {children}
      </HStack>
    </Flex>
  );
}

type ActionsProps = { children?: ReactNode; actionsGap?: StackProps['gap'] };

/** A case's search results: "Results for …", the case's status, its reference, hit count and match score. */
export function CaseResultsHeading({ kase, ...actions }: { kase: CaseDetailView } & ActionsProps) {
  return (
    <ScreeningHeading
      align={{ base: 'stretch', lg: 'flex-end' }}
      title={<FormattedMessage id="cases.results.title" values={{ name: <Name>{kase.search_term}</Name> }} />}
      badges={<CaseStatusBadge value={kase.case_status} />}
      subtitle={<FormattedMessage id="cases.results.subtitle" values={{ reference: kase.reference, count: kase.hit_count, score: kase.match_score }} />}
      {...actions}
    />
  );
}

/** One entity of a case: its name, match status and risk level, the case's reference and the entity's list. */
export function EntityHeading({ kase, hit, ...actions }: { kase: CaseDetailView; hit: HitDetailView } & ActionsProps) {
  return (
    <ScreeningHeading
      align="flex-end"
      title={<Name>{hit.profile}</Name>}
      badges={
        <>
          <MatchBadge value={hit.match_status} />
          <RiskBadge value={hit.risk_level} />
        </>
      }
      subtitle={<FormattedMessage id="cases.entity.subtitle" values={{ reference: kase.reference, source: hit.appears_on.source }} />}
      {...actions}
    />
  );
}
