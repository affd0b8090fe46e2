import '@mantine/core/styles/Combobox.css';
import type { MatchCandidate } from '@intergen/contracts';
import {
  limits,
  type ProfileStatus,
  type ProfileType,
  profileStatusLabels,
  adminMatchingTexts as t,
} from '@intergen/domain';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useMatchCandidates } from '../api/get-candidates';

function statusLabel(status: string): string {
  return profileStatusLabels[status as ProfileStatus] ?? status;
}

/** How a candidate reads in the picker: an expert with their status, a company with its person. */
function candidateLabel(candidate: MatchCandidate): string {
  if (candidate.companyName) return `${candidate.companyName} — ${candidate.name}`;
  return `${candidate.name} — ${statusLabel(candidate.status)}`;
}

interface CandidatePickerProps {
  kind: ProfileType;
  label: string;
  placeholder: string;
  value: MatchCandidate | null;
  onChange: (candidate: MatchCandidate | null) => void;
}

/**
 * A searchable picker of experts or companies. The server searches (debounced like every search of the spec,
 * spec 001 §9); the picked candidate stays an option whatever the current search returns.
 */
export function CandidatePicker({ kind, label, placeholder, value, onChange }: CandidatePickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), limits.autosaveDebounceMs);
  // Once a candidate is picked its label fills the box: that is not a search.
  const serverSearch = value && debounced === candidateLabel(value) ? '' : debounced;
  const candidates = useMatchCandidates(kind, serverSearch);

  const byId = new Map((candidates.data ?? []).map((c) => [c.id, c]));
  if (value && !byId.has(value.id)) byId.set(value.id, value);
  const data = [...byId.values()].map((c) => ({ value: c.id, label: candidateLabel(c) }));
  const searching = candidates.isFetching;

  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t.clearPicker(label) }}
      data={data}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already (by name, and company name for companies).
      filter={({ options }) => options}
      nothingFoundMessage={searching ? t.searching : t.nothingFound}
      maxDropdownHeight={280}
    />
  );
}
