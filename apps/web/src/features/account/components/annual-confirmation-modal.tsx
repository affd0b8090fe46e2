import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import type { OwnProfile } from '@intergen/contracts';
import {
  accountTexts,
  type CapitalBand,
  type CompanyProfileData,
  capitalBands,
  fieldMessages,
  profileFieldLabels,
  profileTexts,
  type RevenueBand,
  revenueBands,
} from '@intergen/domain';
import { Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '../../../components/alerts';
import { DialogActions } from '../../../components/dialog-actions';
import { useConfirmAnnually } from '../api/confirm-annually';

interface AnnualValues {
  companySize: number | string;
  revenue: string | null;
  capital: string | null;
}

const labels = profileFieldLabels.company;

/**
 * The yearly confirmation of a company's business information (spec 000 §2, Dashboard): team size (at least
 * 1), revenue and capital, all required; `Maybe later` puts it off, `Confirm` saves.
 */
export function AnnualConfirmationModal({
  profile,
  onLater,
  onDone,
}: {
  profile: OwnProfile;
  onLater: () => void;
  onDone: () => void;
}) {
  const confirm = useConfirmAnnually();
  const data = profile.data as CompanyProfileData;
  const form = useForm<AnnualValues>({
    mode: 'controlled',
    initialValues: {
      companySize: data.companySize ?? '',
      revenue: data.revenue ?? null,
      capital: data.capital ?? null,
    },
    validate: {
      companySize: (value) =>
        value === '' || value === null
          ? fieldMessages.teamSizeRequired
          : Number(value) > 0
            ? null
            : fieldMessages.teamSizePositive,
      revenue: (value) => (value ? null : fieldMessages.revenueRequired),
      capital: (value) => (value ? null : fieldMessages.capitalRequired),
    },
  });

  const submit = form.onSubmit((values) => {
    if (confirm.isPending) return;
    confirm.mutate(
      {
        companySize: Number(values.companySize),
        revenue: values.revenue as RevenueBand,
        capital: values.capital as CapitalBand,
      },
      { onSuccess: onDone },
    );
  });

  return (
    <Modal
      opened
      onClose={() => (confirm.isPending ? undefined : onLater())}
      title={accountTexts.annualTitle}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{accountTexts.annualBody}</Text>
          <NumberInput
            label={labels.companySize}
            min={1}
            // A 0 stays as typed and gets the spec's message instead of being corrected silently.
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            data-autofocus
            key={form.key('companySize')}
            {...form.getInputProps('companySize')}
          />
          <Select
            label={labels.revenue}
            data={revenueBands.options}
            withAsterisk
            allowDeselect={false}
            key={form.key('revenue')}
            {...form.getInputProps('revenue')}
          />
          <Select
            label={labels.capital}
            data={capitalBands.options}
            withAsterisk
            allowDeselect={false}
            key={form.key('capital')}
            {...form.getInputProps('capital')}
          />
          <ErrorAlert message={confirm.isError ? profileTexts.updateFailed : null} />
          <DialogActions
            cancelLabel={accountTexts.maybeLater}
            onCancel={onLater}
            confirmLabel={accountTexts.confirm}
            pending={confirm.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
