import {
  type OutboxListStatus,
  type OutboxOrder,
  outboxListStatuses,
  outboxOrders,
} from '@intergen/contracts';
import { outboxTexts as t } from '@intergen/domain';
import { Group, NativeSelect } from '@mantine/core';
import type { OutboxRowsFilter } from '../api/get-outbox-rows';

interface OutboxFiltersProps {
  filter: OutboxRowsFilter;
  /** The topics to offer (the summary's), besides all of them. */
  topics: string[];
  onChange: (key: keyof OutboxRowsFilter, value: string | null) => void;
}

/** Topic, status and order of the rows: native selects, so they work the same by keyboard, touch and mouse. */
export function OutboxFilters({ filter, topics, onChange }: OutboxFiltersProps) {
  const topicOptions = [...new Set([...topics, ...(filter.topic ? [filter.topic] : [])])].sort();
  return (
    <Group gap="sm" align="flex-end" role="group" aria-label={t.filtersLabel}>
      <NativeSelect
        label={t.topicFilter}
        value={filter.topic ?? ''}
        onChange={(event) => onChange('topic', event.currentTarget.value || null)}
        data={[
          { value: '', label: t.anyTopic },
          ...topicOptions.map((topic) => ({ value: topic, label: topic })),
        ]}
        w={{ base: '100%', xs: 220 }}
      />
      <NativeSelect
        label={t.statusFilter}
        value={filter.status ?? ''}
        onChange={(event) => onChange('status', event.currentTarget.value || null)}
        data={[
          { value: '', label: t.anyStatus },
          ...outboxListStatuses.map((status: OutboxListStatus) => ({
            value: status,
            label: t.statusLabels[status],
          })),
        ]}
        w={{ base: '100%', xs: 180 }}
      />
      <NativeSelect
        label={t.orderFilter}
        value={filter.order}
        onChange={(event) => onChange('order', event.currentTarget.value)}
        data={outboxOrders.map((order: OutboxOrder) => ({ value: order, label: t.orderLabels[order] }))}
        w={{ base: '100%', xs: 160 }}
      />
    </Group>
  );
}
