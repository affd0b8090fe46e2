import { type AppSettings, AppSettingsSchema } from '@intergen/contracts';

/**
 * The settings as the form holds them: numbers as typed (an emptied number field is ''), the popup's items as
 * one text, one item per line.
 */
export type SettingsFormValues = Omit<AppSettings, 'matching' | 'newChangesPopup' | 'crm'> & {
  matching: { topN: number | string; minScore: number | string };
  crm: { stalledAfterDays: number | string };
  newChangesPopup: Omit<AppSettings['newChangesPopup'], 'items'> & { items: string };
};

export function toFormValues(settings: AppSettings): SettingsFormValues {
  return {
    ...structuredClone(settings),
    newChangesPopup: { ...settings.newChangesPopup, items: settings.newChangesPopup.items.join('\n') },
  };
}

/** A number field's value; an emptied one is no number (and fails the range check). */
const numberOf = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

/** The settings to send: numbers as numbers, the items one per non-empty line. */
export function toSettings(values: SettingsFormValues): AppSettings {
  return {
    ...values,
    matching: { topN: numberOf(values.matching.topN), minScore: numberOf(values.matching.minScore) },
    crm: { stalledAfterDays: numberOf(values.crm.stalledAfterDays) },
    newChangesPopup: {
      ...values.newChangesPopup,
      items: values.newChangesPopup.items
        .split('\n')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    },
  };
}

/**
 * The form field of a problem's path: the server's paths start with `settings.`; a problem of one popup item
 * (`newChangesPopup.items.3`) belongs to the items' one text field.
 */
export function formPathOf(path: string): string {
  const inSettings = path.replace(/^settings\./, '');
  return inSettings.startsWith('newChangesPopup.items') ? 'newChangesPopup.items' : inSettings;
}

/** Form errors from field problems (the server's `details`, or the schema's issues): the first message per field. */
export function formErrors(problems: readonly { path: string; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { path, message } of problems) errors[formPathOf(path)] ??= message;
  return errors;
}

/** Checks the form with the server's own schema, so the same messages show before anything is sent. */
export function validateSettings(values: SettingsFormValues): Record<string, string> {
  const result = AppSettingsSchema.safeParse(toSettings(values));
  if (result.success) return {};
  return formErrors(result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}
