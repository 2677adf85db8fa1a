/**
 * A native select and its options, with or without a label: the one place that
 * spells out Chakra's NativeSelect parts, so a screen only states the select's
 * name, value and choices. Everything else (name, value, onChange, aria-label,
 * data-testid) goes to the <select> itself, where tests and forms look for it.
 */
import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormField, type FormFieldProps } from './FormField';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * The choices of a select that opens on a prompt, which cannot be chosen back, then one choice per record
 * by name (the role selects of the add-user and delete-role dialogs).
 */
export const promptedOptions = (prompt: string, records: readonly { _id: string; name: string }[]): SelectOption[] => [
  { value: '', label: prompt, disabled: true },
  ...records.map((r) => ({ value: r._id, label: r.name })),
];

export interface SelectProps extends Omit<NativeSelect.FieldProps, 'children'> {
  options: readonly SelectOption[];
  /** Size and width of the box (NativeSelect.Root). */
  size?: NativeSelect.RootProps['size'];
  w?: NativeSelect.RootProps['w'];
  width?: NativeSelect.RootProps['width'];
  disabled?: boolean;
}

export function Select({ options, size, w, width, disabled, ...field }: SelectProps) {
  return (
    <NativeSelect.Root size={size} w={w} width={width} disabled={disabled}>
      {/* Inside a Field.Root the root takes the field's own disabled state, so the <select> is told directly too
          (the Field part's props leave `disabled` out, expecting it from the root). */}
      <NativeSelect.Field {...field} {...({ disabled } as object)}>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A select under its label (FormField), for filters and forms whose select shows no error of its own. */
export function SelectField({ label, labelSize, ...select }: SelectProps & { label: ReactNode; labelSize?: FormFieldProps['labelSize'] }) {
  return (
    <FormField label={label} labelSize={labelSize}>
      <Select {...select} />
    </FormField>
  );
}
