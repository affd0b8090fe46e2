import '@mantine/core/styles/Checkbox.css';
import { type CrmPipeline, lostReasonsOf, pipelineStages, crmTexts as t } from '@intergen/domain';
import { Button, Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useDebouncedSearch } from '../../../lib/debounced-search';
import type { BoardFilters } from '../api/crm-api';

/**
 * The board's search (either party's name, e-mail or company, sent once typing pauses) and its filters: a
 * stage, a lost reason, the days of the deal's last change, and the deals that have not moved. Each change goes
 * to the page's address.
 */
export function BoardFiltersBar({
  pipeline,
  filters,
  onChange,
}: {
  pipeline: CrmPipeline;
  filters: BoardFilters;
  onChange: (changes: Partial<BoardFilters>) => void;
}) {
  const [text, setText] = useState(filters.q);
  useDebouncedSearch(text, filters.q, (q) => onChange({ q }));
  const any = Object.values(filters).some(Boolean);
  return (
    <search className="ig-crm-filters" aria-label={t.boardFilters}>
      <TextInput
        type="search"
        label={t.searchDeals}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <NativeSelect
        label={t.stageFilter}
        value={filters.stage}
        onChange={(e) => onChange({ stage: e.currentTarget.value })}
        data={[{ value: '', label: t.allStages }, ...pipelineStages(pipeline)]}
      />
      <NativeSelect
        label={t.lostReasonFilter}
        value={filters.lostReason}
        onChange={(e) => onChange({ lostReason: e.currentTarget.value })}
        data={[
          { value: '', label: t.anyLostReason },
          ...lostReasonsOf(pipeline).map((r) => ({ value: r, label: t.lostReasonLabel(r) })),
        ]}
      />
      <TextInput
        type="date"
        label={t.updatedFrom}
        value={filters.from}
        max={filters.to || undefined}
        onChange={(e) => onChange({ from: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t.updatedTo}
        value={filters.to}
        min={filters.from || undefined}
        onChange={(e) => onChange({ to: e.currentTarget.value })}
      />
      <Checkbox
        label={t.stalledOnly}
        checked={filters.stalled === 'true'}
        onChange={(e) => onChange({ stalled: e.currentTarget.checked ? 'true' : '' })}
      />
      <Button
        variant="default"
        disabled={!any}
        onClick={() => {
          setText('');
          onChange({ q: '', stage: '', lostReason: '', from: '', to: '', stalled: '' });
        }}
      >
        {t.clearFilters}
      </Button>
    </search>
  );
}
