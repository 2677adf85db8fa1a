/**
 * Where a profile searches within its databases: every source (the default), or only the lists ticked
 * here. Public lists are grouped by the chosen databases they feed (a list feeding two shows once, under
 * both names); the organisation's custom lists follow, with their type.
 */
import { Badge, Checkbox, Fieldset, HStack, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DATABASES, type Database } from '@common/enums';
import type { SourceOption } from '@common/search-profiles';
import type { FieldProblem, SourceMode } from '@machines/search-profiles/profile-editor.types';
import { Name } from '../../components/Name';
import { messageById } from '../../lib/i18n';
import { valueLabel } from '../../lib/valueLabels';

interface Props {
  catalogue: SourceOption[];
  databases: Database[];
  mode: SourceMode;
  selected: string[];
  problem: FieldProblem | null;
  disabled: boolean;
  onMode: (mode: SourceMode) => void;
  onToggle: (id: string) => void;
}

interface Group {
  key: string;
  label: string;
  options: SourceOption[];
}

/** Public lists by the chosen databases they feed, in the databases' order; lists feeding none are not offered. */
function publicGroups(catalogue: SourceOption[], databases: Database[], label: (d: Database) => string): Group[] {
  const groups = new Map<string, Group>();
  for (const option of catalogue.filter((o) => o.kind === 'list')) {
    const fed = DATABASES.filter((d) => databases.includes(d) && option.databases.includes(d));
    if (!fed.length) continue;
    const key = fed.join('+');
    if (!groups.has(key)) groups.set(key, { key, label: fed.map(label).join(' · '), options: [] });
    groups.get(key)!.options.push(option);
  }
  return [...groups.values()];
}

export function SourcePicker({ catalogue, databases, mode, selected, problem, disabled, onMode, onToggle }: Props) {
  const intl = useIntl();
  const groups = publicGroups(catalogue, databases, (d) => valueLabel(intl, 'database', d));
  const custom = catalogue.filter((o) => o.kind === 'custom');
  const count = (n: number) => <FormattedMessage id="search_profiles.form.entities" values={{ count: n }} />;

  const option = (o: SourceOption) => (
    <Checkbox.Root key={o.id} colorPalette="brand" checked={selected.includes(o.id)} disabled={disabled} onCheckedChange={() => onToggle(o.id)} data-testid={`source-${o.id}`} alignItems="flex-start">
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label>
        <Stack gap="0">
          <HStack gap="2" wrap="wrap">
            <Name>{o.name}</Name>
            {o.list_type && (
              <Badge size="sm" colorPalette={o.list_type === 'blacklist' ? 'red' : 'green'} variant="subtle">
                <FormattedMessage id={`search_profiles.list_type.${o.list_type}`} />
              </Badge>
            )}
          </HStack>
          <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
            {count(o.entities)}
          </Text>
        </Stack>
      </Checkbox.Label>
    </Checkbox.Root>
  );

  return (
    <Fieldset.Root size="sm" invalid={Boolean(problem)} data-testid="profile-sources">
      <Fieldset.Legend>
        <FormattedMessage id="search_profiles.fields.sources" />
      </Fieldset.Legend>
      <RadioGroup.Root value={mode} onValueChange={(d) => d.value && onMode(d.value as SourceMode)} colorPalette="brand" disabled={disabled} aria-label={intl.formatMessage({ id: 'search_profiles.fields.sources' })}>
        <Stack gap="2">
          {(['all', 'chosen'] as const).map((m) => (
            <RadioGroup.Item key={m} value={m} data-testid={`source-mode-${m}`} alignItems="flex-start">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator mt="0.5" />
              <RadioGroup.ItemText>
                <Stack gap="0">
                  <FormattedMessage id={`search_profiles.form.sources_${m}`} />
                  <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
                    <FormattedMessage id={`search_profiles.form.sources_${m}_help`} />
                  </Text>
                </Stack>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {mode === 'chosen' && (
        <Stack gap="4" ps="7" pt="1" w="full">
          {groups.length === 0 && custom.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="search_profiles.form.no_sources" />
            </Text>
          )}
          {groups.map((group) => (
            <Fieldset.Root key={group.key} size="sm" data-testid={`source-group-${group.key}`}>
              <Fieldset.Legend fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                {group.label}
              </Fieldset.Legend>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {group.options.map(option)}
              </SimpleGrid>
            </Fieldset.Root>
          ))}
          <Fieldset.Root size="sm" data-testid="source-group-custom">
            <Fieldset.Legend fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
              <FormattedMessage id="search_profiles.form.custom_lists" />
            </Fieldset.Legend>
            {custom.length ? (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {custom.map(option)}
              </SimpleGrid>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="search_profiles.form.no_custom_lists" />
              </Text>
            )}
          </Fieldset.Root>
        </Stack>
      )}
      {problem && <Fieldset.ErrorText data-testid="field-error">{messageById(problem.code, problem.values)}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
