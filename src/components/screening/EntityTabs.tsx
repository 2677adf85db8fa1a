/**
 * The tabs of one screened entity as the case's entity detail and the demo draw them: Key Data, Linked
 * Entities and Risk Analysis. A screen may add a tab after Linked Entities (the case's Adverse Media) and
 * actions beside each linked name (the case's search for it).
 */
import { Badge, Card, Flex, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuUsers } from 'react-icons/lu';
import { FormattedMessage } from 'react-intl';
import type { HitDetailView } from '@common/cases';
import { EmptyMessage } from '../EmptyMessage';
import { Name } from '../Name';
import { EntityKeyData, EntityRiskAnalysis } from './EntityDetail';

export interface ExtraEntityTab {
  value: string;
  testId: string;
  label: ReactNode;
  /** The tab's body; active says whether it is the tab shown, so it can load only when opened. */
  render: (active: boolean) => ReactNode;
}

export interface EntityTabsProps {
  hit: HitDetailView;
  /** The case's match score, which the risk analysis compares each feature with. */
  threshold: number;
  extraTab?: ExtraEntityTab;
  linkedActions?: (name: string) => ReactNode;
}

export function EntityTabs({ hit, threshold, extraTab, linkedActions }: EntityTabsProps) {
  const [tab, setTab] = useState('key_data');
  const linkedNames: string[] = (hit.entity as { linked_to?: string[] }).linked_to ?? [];
  return (
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
            {extraTab && (
              <Tabs.Trigger value={extraTab.value} data-testid={extraTab.testId}>
                {extraTab.label}
              </Tabs.Trigger>
            )}
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
                  <Flex key={name} justify="space-between" align="center" borderWidth="1px" rounded="md" px="3" py="2">
                    <Text fontWeight="medium">
                      <Name>{name}</Name>
                    </Text>
                    {linkedActions?.(name)}
                  </Flex>
                ))}
              </Stack>
            )}
          </Tabs.Content>
          {extraTab && <Tabs.Content value={extraTab.value}>{extraTab.render(tab === extraTab.value)}</Tabs.Content>}
          <Tabs.Content value="risk">
            <EntityRiskAnalysis hit={hit} threshold={threshold} />
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  );
}
