import {
  type InterGenData,
  type ProfileType,
  profileFieldLabels,
  referralSources,
  wizardTexts,
} from '@intergen/domain';
import { Checkbox, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { flagsOf, tickedCodes } from '../lib/profile-form';

interface Option {
  value: string;
  label: string;
}

/** How a section's field components read and write the draft. */
export interface FieldBinding {
  kind: ProfileType;
  value: (field: string) => unknown;
  set: (field: string, value: unknown) => void;
  /** Marks a field as visited: its message shows from now on. */
  touch: (field: string) => void;
  error: (field: string) => string | undefined;
}

export function labelOf(kind: ProfileType, field: string): string {
  return (profileFieldLabels[kind] as Record<string, string>)[field] ?? field;
}

const gridCols = { base: 1, xs: 2, md: 3 } as const;

/** A group of checkboxes over an enumeration, saved as flags over every code. */
export function FlagsField({
  form,
  field,
  options,
  codes,
  description,
}: {
  form: FieldBinding;
  field: string;
  options: readonly Option[];
  codes: readonly string[];
  description?: string;
}) {
  const ticked = tickedCodes(form.value(field));
  return (
    <Checkbox.Group
      label={labelOf(form.kind, field)}
      description={description}
      withAsterisk
      value={ticked}
      onChange={(next) => {
        form.set(field, flagsOf(codes, next));
        form.touch(field);
      }}
      error={form.error(field)}
    >
      <SimpleGrid cols={gridCols} spacing="sm" verticalSpacing="sm" mt="xs">
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value} label={o.label} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** One choice out of a few, as radios. */
export function ChoiceField({
  form,
  field,
  options,
  description,
  label,
}: {
  form: FieldBinding;
  field: string;
  options: readonly Option[];
  description?: string;
  label?: string;
}) {
  const value = form.value(field);
  return (
    <Radio.Group
      label={label ?? labelOf(form.kind, field)}
      description={description}
      withAsterisk
      value={typeof value === 'string' ? value : null}
      onChange={(next) => {
        form.set(field, next);
        form.touch(field);
      }}
      error={form.error(field)}
    >
      {options.length > 2 ? (
        <SimpleGrid cols={gridCols} spacing="sm" mt="xs">
          {options.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </SimpleGrid>
      ) : (
        <Group gap="xl" mt="xs">
          {options.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </Group>
      )}
    </Radio.Group>
  );
}

/**
 * How did you hear about InterGen: the sources as checkboxes; Referral and Other each open a text input,
 * and unticking one clears its text (spec 001 §5).
 */
export function ReferralField({ form }: { form: FieldBinding }) {
  const data = (form.value('interGenData') ?? {}) as InterGenData;
  const ticked = tickedCodes(data);
  const write = (next: InterGenData) => form.set('interGenData', next);
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label={labelOf(form.kind, 'interGenData')}
        withAsterisk
        value={ticked}
        onChange={(next) => {
          const out: InterGenData = flagsOf(referralSources.codes, next);
          if (next.includes('referral')) out.referralText = data.referralText ?? '';
          if (next.includes('other')) out.otherText = data.otherText ?? '';
          write(out);
          form.touch('interGenData');
        }}
        error={form.error('interGenData')}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mt="xs">
          {referralSources.options.map((o) => (
            <Checkbox key={o.value} value={o.value} label={o.label} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {data.referral ? (
        <TextInput
          label={labelOf(form.kind, 'referralText')}
          description={wizardTexts.optional}
          value={data.referralText ?? ''}
          maxLength={300}
          onChange={(e) => write({ ...data, referralText: e.currentTarget.value })}
        />
      ) : null}
      {data.other ? (
        <TextInput
          label={labelOf(form.kind, 'otherText')}
          description={wizardTexts.optional}
          value={data.otherText ?? ''}
          maxLength={300}
          onChange={(e) => write({ ...data, otherText: e.currentTarget.value })}
        />
      ) : null}
    </Stack>
  );
}

/** Text input props bound to a string field: value, change, blur (visited) and message. */
export function textProps(form: FieldBinding, field: string) {
  const value = form.value(field);
  return {
    label: labelOf(form.kind, field),
    value: typeof value === 'string' ? value : '',
    onChange: (e: { currentTarget: { value: string } }) => form.set(field, e.currentTarget.value),
    onBlur: () => form.touch(field),
    error: form.error(field),
  };
}
