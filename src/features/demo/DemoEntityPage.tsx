/**
 * One entity of a demo search (/demo/case-detail?reference=&id=): the same Key Data, Risk Analysis,
 * previous/next pager and sidebar as the product's entity detail (src/components/screening), read from
 * open-user-search/entity. Deciding, monitoring, comments and reports are the full product's.
 */
import { Badge, Box, Card, Flex, Grid, HStack, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUsers } from 'react-icons/lu';
import { FormattedMessage } from 'react-intl';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { DemoEntityAnswer } from '@common/schemas/demo';
import { EmptyMessage } from '../../components/EmptyMessage';
import { Name } from '../../components/Name';
import { CaseSidebar } from '../../components/screening/CaseSidebar';
import { EntityKeyData, EntityPager, EntityRiskAnalysis } from '../../components/screening/EntityDetail';
import { MatchBadge, RiskBadge } from '../../components/screening/labels';
import { useResource } from '../../lib/useResource';
import { AllowanceNote } from './AllowanceNote';
import { DemoBreadcrumbs, DemoFailure, FullAccountCard, entityHref } from './DemoResultsPage';

export function DemoEntityPage() {
  const params = new URLSearchParams(useSearch());
  const reference = params.get('reference')?.trim() ?? '';
  const id = params.get('id')?.trim() ?? '';
  const [, navigate] = useLocation();
  const [tab, setTab] = useState('key_data');
  const record = useResource<DemoEntityAnswer>(reference && id ? '/open-user-search/entity' : null, { reference, id });

  if (!reference || !id) return <Redirect to="/make-case" />;
  if (record.error && !record.data) return <DemoFailure message={record.error.message} code={record.error.code} />;
  if (!record.data) return <Skeleton height="64" />;
  const { case: kase, entity: hit, allowance } = record.data;
  const linkedNames: string[] = ((hit.entity as { linked_to?: string[] }).linked_to ?? []) as string[];

  return (
    <Box>
      <DemoBreadcrumbs reference={kase.reference} entity={hit.profile} />
      <Flex justify="space-between" align="flex-end" gap="4" mb="5" wrap="wrap">
        <Stack gap="1">
          <HStack gap="3" wrap="wrap">
            <Text as="h1" fontSize="2xl" fontWeight="bold" data-testid="page-title">
              <Name>{hit.profile}</Name>
            </Text>
            <MatchBadge value={hit.match_status} />
            <RiskBadge value={hit.risk_level} />
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="cases.entity.subtitle" values={{ reference: kase.reference, source: hit.appears_on.source }} />
          </Text>
        </Stack>
        <HStack gap="3" wrap="wrap">
          <AllowanceNote allowance={allowance} />
          <EntityPager hit={hit} onGo={(entityId) => navigate(entityHref(kase.reference, entityId))} />
        </HStack>
      </Flex>

      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 340px' }} gap="6" alignItems="start">
        <Card.Root>
          <Card.Body>
            <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value)} colorPalette="brand" variant="line">
              <Tabs.List mb="4">
                <Tabs.Trigger value="key_data" data-testid="tab-key-data">
                  <FormattedMessage id="cases.entity.tab_key_data" />
                </Tabs.Trigger>
                <Tabs.Trigger value="linked" data-testid="tab-linked">
                  <FormattedMessage id="cases.entity.tab_linked" /> {linkedNames.length > 0 && <Badge size="xs">{linkedNames.length}</Badge>}
                </Tabs.Trigger>
                <Tabs.Trigger value="risk" data-testid="tab-risk">
                  <FormattedMessage id="cases.entity.tab_risk" />
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="key_data">
                <EntityKeyData hit={hit} />
              </Tabs.Content>
              <Tabs.Content value="linked">
                {linkedNames.length === 0 ? (
                  <EmptyMessage icon={<LuUsers />} title={<FormattedMessage id="cases.entity.no_linked" />} description={<FormattedMessage id="cases.entity.no_linked_body" />} />
                ) : (
                  <Stack gap="2" data-testid="linked-entities">
                    {linkedNames.map((name) => (
                      <Box key={name} borderWidth="1px" rounded="md" px="3" py="2">
                        <Text fontWeight="medium">
                          <Name>{name}</Name>
                        </Text>
                      </Box>
                    ))}
                  </Stack>
                )}
              </Tabs.Content>
              <Tabs.Content value="risk">
                <EntityRiskAnalysis hit={hit} threshold={kase.match_score} />
              </Tabs.Content>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>
        <Stack gap="4">
          <CaseSidebar kase={kase} />
          <FullAccountCard />
        </Stack>
      </Grid>
    </Box>
  );
}
