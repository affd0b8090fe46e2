import { NativeSelect } from '@mantine/core';

interface FilterSelectProps {
  label: string;
  /** The filter in effect, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The first option's words: no filter. */
  anyLabel: string;
  options: { value: string; label: string }[];
  /** Its width from the `xs` breakpoint up (full width below). */
  width: number;
}

/** A list's filter: a select whose first option ('') filters nothing, then the filter's values. */
export function FilterSelect({ label, value, onChange, anyLabel, options, width }: FilterSelectProps) {
  return (
    <NativeSelect
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: anyLabel }, ...options]}
      w={{ base: '100%', xs: width }}
    />
  );
}
