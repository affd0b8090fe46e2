import {
  areasOfImprovement,
  arrangements,
  businessTypes,
  capitalBands,
  companyStages,
  connectionTypes,
  engagementTypes,
  industries,
  investingInterests,
  profileFieldHints,
  revenueBands,
  wizardTexts,
  yesNo,
} from '@intergen/domain';
import { NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChoiceField, type FieldBinding, FlagsField, labelOf, ReferralField, textProps } from './fields';

function numberProps(form: FieldBinding, field: string, min: number) {
  const value = form.value(field);
  return {
    label: labelOf(form.kind, field),
    withAsterisk: true,
    value: typeof value === 'number' ? value : '',
    min,
    // A value under the minimum stays as typed and shows the spec's message (never silently corrected).
    clampBehavior: 'none' as const,
    allowDecimal: false,
    onChange: (next: number | string) => form.set(field, typeof next === 'number' ? next : null),
    onBlur: () => form.touch(field),
    error: form.error(field),
  };
}

function selectProps(form: FieldBinding, field: string, data: readonly { value: string; label: string }[]) {
  const value = form.value(field);
  return {
    label: labelOf(form.kind, field),
    withAsterisk: true,
    data: [...data],
    value: typeof value === 'string' ? value : null,
    allowDeselect: false,
    placeholder: wizardTexts.chooseOne,
    onChange: (next: string | null) => {
      if (next) form.set(field, next);
      form.touch(field);
    },
    onBlur: () => form.touch(field),
    error: form.error(field),
  };
}

/** Step 1, Basic information: how the member heard of us, contact details and (companies) the company. */
export function BasicsFields({ form }: { form: FieldBinding }) {
  const company = form.kind === 'company';
  return (
    <Stack gap="lg">
      {company ? (
        <>
          <TextInput
            {...textProps(form, 'jobTitle')}
            withAsterisk
            maxLength={200}
            autoComplete="organization-title"
          />
          <TextInput
            {...textProps(form, 'companyName')}
            withAsterisk
            maxLength={200}
            autoComplete="organization"
          />
          <TextInput {...textProps(form, 'slogan')} description={wizardTexts.optional} maxLength={300} />
          <NumberInput {...numberProps(form, 'companySize', 1)} />
          <NumberInput {...numberProps(form, 'yearsInBusiness', 0)} />
          <TextInput
            {...textProps(form, 'website')}
            withAsterisk
            type="url"
            inputMode="url"
            maxLength={500}
            description={profileFieldHints.website}
          />
          <Select {...selectProps(form, 'revenue', revenueBands.options)} />
          <Select {...selectProps(form, 'capital', capitalBands.options)} />
        </>
      ) : null}
      <TextInput
        {...textProps(form, 'phone')}
        withAsterisk
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={40}
        description={profileFieldHints.phone}
      />
      <TextInput
        {...textProps(form, 'linkedin')}
        withAsterisk
        type="url"
        inputMode="url"
        maxLength={300}
        description={profileFieldHints.linkedin}
      />
      <ReferralField form={form} />
      <Textarea
        {...textProps(form, 'about')}
        description={wizardTexts.optional}
        rows={3}
        resize="vertical"
        maxLength={5000}
      />
    </Stack>
  );
}

/** Step 2, Connecting You (expert) / Your Connection Needs (company). */
export function ProfileFields({ form }: { form: FieldBinding }) {
  const company = form.kind === 'company';
  return (
    <Stack gap="xl">
      <FlagsField form={form} field="experience" options={industries.options} codes={industries.codes} />
      <FlagsField
        form={form}
        field="areasOfImprovement"
        options={areasOfImprovement.options}
        codes={areasOfImprovement.codes}
      />
      <FlagsField
        form={form}
        field="idealEngagement"
        options={connectionTypes.options}
        codes={connectionTypes.codes}
      />
      <ChoiceField form={form} field="businessType" options={businessTypes.options} />
      {company ? (
        <ChoiceField form={form} field="currentStage" options={companyStages.options} />
      ) : (
        <FlagsField
          form={form}
          field="currentStage"
          options={companyStages.options}
          codes={companyStages.codes}
        />
      )}
    </Stack>
  );
}

/** Step 3, A Few More Details; the profile picture comes in as `picture`. */
export function ExtrasFields({ form, picture }: { form: FieldBinding; picture: ReactNode }) {
  const expert = form.kind === 'expert';
  return (
    <Stack gap="xl">
      <Textarea
        {...textProps(form, 'anythingElse')}
        withAsterisk
        description={profileFieldHints.anythingElse}
        rows={5}
        resize="vertical"
        maxLength={5000}
      />
      {picture}
      {expert ? <ChoiceField form={form} field="engagementType" options={engagementTypes.options} /> : null}
      <ChoiceField
        form={form}
        field="arrangement"
        options={arrangements.options}
        description={expert ? profileFieldHints.expertArrangement : profileFieldHints.companyArrangement}
      />
      <ChoiceField form={form} field="investmentOpportunities" options={yesNo.options} />
      <ChoiceField form={form} field="boardOpportunities" options={yesNo.options} />
      {expert ? (
        <FlagsField
          form={form}
          field="interests"
          options={investingInterests.options}
          codes={investingInterests.codes}
        />
      ) : null}
    </Stack>
  );
}
