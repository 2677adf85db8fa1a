/**
 * Filter fields the transaction-monitoring lists share: a multiple choice (statuses, levels) as a menu of tick
 * boxes under a label, whose button says what is chosen; and the grid the filters sit in.
 */
import { Button, Field, Grid, Menu, Portal, Text, type GridProps } from '@chakra-ui/react';
import { useId } from 'react';
import { LuCheck, LuChevronDown } from 'react-icons/lu';
import { useIntl } from 'react-intl';

interface MultiChoiceProps {
  label: string;
  /** Every value, in order. */
  values: readonly string[];
  /** The chosen ones, comma-separated (as the address holds them). */
  value: string;
  labelOf: (value: string) => string;
  /** What the button says when nothing is chosen ("All statuses"). */
  anyLabel: string;
  onToggle: (value: string) => void;
  onClear: () => void;
  clearLabel: string;
  testId: string;
}

export function MultiChoiceField({ label, values, value, labelOf, anyLabel, onToggle, onClear, clearLabel, testId }: MultiChoiceProps) {
  const intl = useIntl();
  const labelId = useId();
  const chosen = value ? value.split(',') : [];
  const summary = chosen.length === 0 ? anyLabel : chosen.length <= 2 ? chosen.map(labelOf).join(', ') : intl.formatMessage({ id: 'transactions.listing.chosen_count' }, { count: chosen.length });
  return (
    <Field.Root>
      <Field.Label fontSize="sm" id={labelId}>
        {label}
      </Field.Label>
      <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-start' }}>
        <Menu.Trigger asChild>
          <Button size="sm" variant="outline" w="full" justifyContent="space-between" fontWeight="normal" aria-labelledby={`${labelId} ${labelId}-value`} data-testid={testId}>
            <Text as="span" truncate id={`${labelId}-value`}>
              {summary}
            </Text>
            <LuChevronDown aria-hidden />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="56">
              {values.map((v) => (
                <Menu.CheckboxItem key={v} value={v} checked={chosen.includes(v)} onCheckedChange={() => onToggle(v)} data-testid={`${testId}-${v.replace(/\s+/g, '_')}`}>
                  <Menu.ItemIndicator>
                    <LuCheck />
                  </Menu.ItemIndicator>
                  {labelOf(v)}
                </Menu.CheckboxItem>
              ))}
              {chosen.length > 0 && (
                <>
                  <Menu.Separator />
                  <Menu.Item value="__clear" onClick={onClear} color="fg.muted">
                    {clearLabel}
                  </Menu.Item>
                </>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Field.Root>
  );
}

/** The filters' grid: one column on a narrow screen, up to four on a wide one. */
export function FilterGrid(props: GridProps) {
  return <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }} gap="3" alignItems="end" {...props} />;
}
