import {
  adminProfileTexts,
  profileStatuses,
  profileStatusLabels,
  profileTypeLabels,
  profileTypes,
  adminMembersTexts as t,
} from '@intergen/domain';
import { Button, Group, Kbd, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedSearch } from '../../../lib/debounced-search';
import type { MembersView } from '../api/get-admin-members';

export type FilterKey = 'role' | 'status' | 'verified' | 'private';

interface MembersFiltersProps {
  view: MembersView;
  onSearch: (search: string) => void;
  onFilter: (key: FilterKey, value: string | null) => void;
}

const anyOption = { value: '', label: adminProfileTexts.any };
const yesNoOptions = [
  anyOption,
  { value: 'true', label: adminProfileTexts.yes },
  { value: 'false', label: adminProfileTexts.no },
];
const flag = (value: boolean | null) => (value === null ? '' : String(value));

/** `/` anywhere but in a field puts the cursor in the search box. */
function useSlashToFocus(target: React.RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const el = event.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      event.preventDefault();
      target.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [target]);
}

/**
 * The search box (sent once typing pauses) and the role, status, verified and private filters: native selects,
 * so they work the same by keyboard, touch and mouse. `key` the component by the address's search to reset it.
 */
export function MembersFilters({ view, onSearch, onFilter }: MembersFiltersProps) {
  const [text, setText] = useState(view.search);
  const input = useRef<HTMLInputElement>(null);
  useSlashToFocus(input);
  // Only the typed text goes to the address; a view changed elsewhere remounts this component.
  useDebouncedSearch(text, view.search, onSearch);

  return (
    <Group gap="sm" align="flex-end" role="group" aria-label={t.filtersLabel}>
      <TextInput
        ref={input}
        type="search"
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={<Kbd size="xs">/</Kbd>}
        rightSectionPointerEvents="none"
        description={t.searchHint}
        maxLength={100}
        w={{ base: '100%', sm: 280 }}
      />
      <NativeSelect
        label={t.roleFilter}
        value={view.role ?? ''}
        onChange={(event) => onFilter('role', event.currentTarget.value || null)}
        data={[anyOption, ...profileTypes.map((role) => ({ value: role, label: profileTypeLabels[role] }))]}
        w={{ base: '100%', xs: 180 }}
      />
      <NativeSelect
        label={t.statusFilter}
        value={view.status ?? ''}
        onChange={(event) => onFilter('status', event.currentTarget.value || null)}
        data={[
          anyOption,
          ...profileStatuses.map((status) => ({ value: status, label: profileStatusLabels[status] })),
        ]}
        w={{ base: '100%', xs: 160 }}
      />
      <NativeSelect
        label={t.verifiedFilter}
        value={flag(view.verified)}
        onChange={(event) => onFilter('verified', event.currentTarget.value || null)}
        data={yesNoOptions}
        w={{ base: 'calc(50% - 6px)', xs: 110 }}
      />
      <NativeSelect
        label={t.privateFilter}
        value={flag(view.private)}
        onChange={(event) => onFilter('private', event.currentTarget.value || null)}
        data={yesNoOptions}
        w={{ base: 'calc(50% - 6px)', xs: 110 }}
      />
    </Group>
  );
}

/** Whether the view narrows the members at all (the sort does not). */
export const isFiltered = (view: MembersView) =>
  view.search !== '' ||
  view.role !== null ||
  view.status !== null ||
  view.verified !== null ||
  view.private !== null;

export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="default" size="xs" onClick={onClear}>
      {t.clearFilters}
    </Button>
  );
}
