/**
 * Filter fields that the case lists (Manage Case, Media Manage Case) show the same way: the creation date's
 * preset, the switch that shows deleted cases, and the bar of actions on the ticked rows.
 */
import { HStack, Switch, Text, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DATE_PRESETS } from '@common/enums';
import { valueOptions } from '../lib/valueLabels';
import { SelectField } from './Select';

/**
 * The date preset. Choosing a preset applies it at once (onApply); choosing "custom" waits for its dates
 * (onCustom), which the form applies when submitted.
 */
export function DatePresetField({ value, label, testId, onApply, onCustom }: { value: string; label: ReactNode; testId: string; onApply: (preset: string) => void; onCustom: () => void }) {
  const intl = useIntl();
  return (
    <SelectField
      label={label}
      labelSize="sm"
      size="sm"
      name="date_preset"
      data-testid={testId}
      value={value}
      onChange={(e) => (e.target.value === 'custom' ? onCustom() : onApply(e.target.value))}
      options={valueOptions(intl, 'preset', DATE_PRESETS)}
    />
  );
}

/** The switch that shows deleted rows instead of the others. */
export function ShowDeletedSwitch({ checked, onChange, label, testId }: { checked: boolean; onChange: (checked: boolean) => void; label: ReactNode; testId: string }) {
  return (
    <Switch.Root size="sm" colorPalette="red" checked={checked} onCheckedChange={(d) => onChange(d.checked)} data-testid={testId}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}

/** The bar of actions on the ticked rows: how many are ticked, then the actions (children). */
export function SelectionBar({ count, label, testId, children, ...rest }: StackProps & { count: number; label: string; testId: string }) {
  return (
    <HStack gap="2" bg="brand.subtle" px="3" py="1.5" rounded="md" data-testid={testId} {...rest}>
      <Text fontSize="sm" fontWeight="medium">
        <FormattedMessage id={label} values={{ count }} />
      </Text>
      {children}
    </HStack>
  );
}
