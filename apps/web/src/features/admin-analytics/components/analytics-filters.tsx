import type { AdminAnalyticsQuery } from '@intergen/contracts';
import {
  analyticsDefaultWeeks,
  analyticsRange,
  analyticsRoleLabels,
  type ProfileType,
  adminAnalyticsTexts as t,
} from '@intergen/domain';
import { Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';

/** The ranges offered in the select, in weeks up to this one; `custom` names dates instead. */
const presets = [4, 12, 26, 52] as const;
const custom = 'custom';
const bothRoles = 'both';

/** The query the address holds: `?weeks=26`, or `?from=…&to=…`, and `role`. Anything else: the default. */
export function analyticsQueryOf(params: URLSearchParams): AdminAnalyticsQuery {
  const role = params.get('role');
  const from = params.get('from') || undefined;
  const to = params.get('to') || undefined;
  const weeks = Number(params.get('weeks'));
  return {
    ...(from || to ? { from, to } : { weeks: weeks > 0 ? weeks : analyticsDefaultWeeks }),
    ...(role === 'expert' || role === 'company' ? { role } : {}),
  };
}

/** The address of a query (what `analyticsQueryOf` reads back). */
function paramsOf(query: AdminAnalyticsQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params;
}

interface AnalyticsFiltersProps {
  query: AdminAnalyticsQuery;
  /** The range of the last answer (`from`, `to`, number of weeks), shown beside the selects. */
  shown: { from: string; to: string; weeks: number } | undefined;
  onChange: (params: URLSearchParams) => void;
}

/** The range (a number of weeks, or dates) and the role, kept in the address. */
export function AnalyticsFilters({ query, shown, onChange }: AnalyticsFiltersProps) {
  const isCustom = query.from !== undefined || query.to !== undefined;
  const change = (patch: Partial<AdminAnalyticsQuery>) => onChange(paramsOf({ ...query, ...patch }));
  const chooseRange = (value: string) => {
    if (value !== custom) {
      change({ weeks: Number(value), from: undefined, to: undefined });
      return;
    }
    const fallback = analyticsRange({ weeks: query.weeks }, new Date());
    const from = shown?.from ?? (fallback.ok ? fallback.range.weeks[0]?.start : undefined);
    change({ weeks: undefined, from, to: shown?.to });
  };
  return (
    <Stack gap="xs" component="section" aria-label={t.filtersLabel}>
      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t.rangeLabel}
          w={180}
          value={isCustom ? custom : String(query.weeks ?? analyticsDefaultWeeks)}
          onChange={(event) => chooseRange(event.currentTarget.value)}
          data={[
            ...presets.map((weeks) => ({ value: String(weeks), label: t.lastWeeks(weeks) })),
            ...(presets.some((weeks) => weeks === query.weeks) || isCustom || query.weeks === undefined
              ? []
              : [{ value: String(query.weeks), label: t.lastWeeks(query.weeks) }]),
            { value: custom, label: t.customRange },
          ]}
        />
        {isCustom ? (
          <>
            <TextInput
              type="date"
              label={t.fromLabel}
              w={170}
              value={query.from ?? ''}
              onChange={(event) => change({ from: event.currentTarget.value || undefined })}
            />
            <TextInput
              type="date"
              label={t.toLabel}
              w={170}
              value={query.to ?? ''}
              onChange={(event) => change({ to: event.currentTarget.value || undefined })}
            />
          </>
        ) : null}
        <NativeSelect
          label={t.roleLabel}
          w={200}
          value={query.role ?? bothRoles}
          onChange={(event) => {
            const value = event.currentTarget.value;
            change({ role: value === bothRoles ? undefined : (value as ProfileType) });
          }}
          data={[
            { value: bothRoles, label: t.bothRoles },
            { value: 'expert', label: analyticsRoleLabels.expert },
            { value: 'company', label: analyticsRoleLabels.company },
          ]}
        />
      </Group>
      {shown ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t.rangeSummary(shown.from, shown.to, shown.weeks)}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {t.roleNote}
      </Text>
    </Stack>
  );
}
