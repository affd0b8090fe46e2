import { adminRecordsTexts as t } from '@intergen/domain';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useDebouncedSearch } from '../../../lib/debounced-search';

interface SearchFieldProps {
  /** The search in effect (the address's). */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (search: string) => void;
}

/**
 * The name search: what is typed takes effect after a pause (the domain's debounce), and the field follows the
 * address when the search is changed elsewhere (Clear filters).
 */
export function SearchField({ value, onSearch }: SearchFieldProps) {
  const [text, setText] = useState(value);
  useDebouncedSearch(text, value, onSearch);
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  return (
    <TextInput
      type="search"
      label={t.search}
      placeholder={t.searchPlaceholder}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={text}
      maxLength={254}
      onChange={(event) => setText(event.currentTarget.value)}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
