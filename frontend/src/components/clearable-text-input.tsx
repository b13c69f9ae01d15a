import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';

export interface ClearableTextInputProps extends TextInputProps {
  /** Empties the field; the clear button shows while the field has a value. */
  onClear: () => void;
}

/**
 * A text input with a clear button when non-empty (spec §5). The button's name ("Clear input")
 * never repeats the field's label, so a label query finds the field alone.
 */
export function ClearableTextInput({ onClear, value, rightSection, ...props }: ClearableTextInputProps) {
  const hasValue = typeof value === 'string' ? value.length > 0 : value !== undefined && value !== null && String(value).length > 0;
  return (
    <TextInput
      {...props}
      value={value}
      rightSectionPointerEvents={hasValue && !props.disabled ? 'all' : props.rightSectionPointerEvents}
      rightSection={hasValue && !props.disabled ? <CloseButton size="sm" aria-label="Clear input" onClick={onClear} /> : rightSection}
    />
  );
}
