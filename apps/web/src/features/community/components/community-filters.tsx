import {
  areasOfImprovement,
  industries,
  type ProfileType,
  profilePageTexts,
  suggestionTexts,
  communityTexts as t,
} from '@intergen/domain';
import { Button, Group, Kbd, MultiSelect, Switch, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { RefObject } from 'react';
import type { CommunityFilters } from '../api/get-community';

export type CommunityKind = 'expert' | 'venture';

const closedUnmounted = { withinPortal: true, keepMounted: false };

interface CommunityFiltersProps {
  kind: CommunityKind;
  filters: CommunityFilters;
  searchInput: string;
  searchRef: RefObject<HTMLInputElement | null>;
  onSearchInput: (text: string) => void;
  onSearchSubmit: () => void;
  onIndustries: (codes: string[]) => void;
  onExpertise: (codes: string[]) => void;
  onFlag: (key: 'investments' | 'boardPositions' | 'strong', on: boolean) => void;
  /** Only lists with scores (a company's advisors, an expert's ventures) offer the strong-match filter. */
  withStrong: boolean;
  onClear: (() => void) | null;
}

/**
 * The filters of spec 001 §5: search (name, and company name for ventures), industries and expertise / needs
 * (all selected must be present), open to investment, open to board positions, and strong matches.
 */
export function CommunityFiltersForm(props: CommunityFiltersProps) {
  // The option lists mount when opened (Mantine's Combobox keeps them mounted, hidden, by default): rendering both
  // lists, their scroll areas and floating-ui's positioning when the page opened was a long task of its own
  // (Lighthouse's Total Blocking Time). The keyboard works the same (`aria-controls` is only set open).
  const { kind, filters, withStrong, onClear } = props;
  const cardKind: ProfileType = kind === 'expert' ? 'expert' : 'company';
  return (
    <search aria-label={t.filtersLabel}>
      <div className="ig-community-filters">
        <TextInput
          ref={props.searchRef}
          className="ig-community-search"
          type="search"
          label={t.searchLabel[kind]}
          description={t.searchShortcut}
          placeholder={t.searchPlaceholder[kind]}
          value={props.searchInput}
          onChange={(event) => props.onSearchInput(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Escape only blurs (spec 001 §9): a search field's own Escape would also clear the text.
            if (event.key === 'Escape') {
              event.preventDefault();
              event.currentTarget.blur();
            }
            if (event.key === 'Enter') props.onSearchSubmit();
          }}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={<Kbd aria-hidden="true">/</Kbd>}
          autoComplete="off"
        />
        <MultiSelect
          label={profilePageTexts.industries}
          placeholder={filters.industries.length === 0 ? t.anyIndustry : undefined}
          data={industries.options}
          value={filters.industries}
          onChange={props.onIndustries}
          searchable
          hidePickedOptions
          comboboxProps={closedUnmounted}
        />
        <MultiSelect
          label={suggestionTexts.areas[cardKind]}
          placeholder={filters.expertise.length === 0 ? t.anyArea : undefined}
          data={areasOfImprovement.options}
          value={filters.expertise}
          onChange={props.onExpertise}
          searchable
          hidePickedOptions
          comboboxProps={closedUnmounted}
        />
      </div>
      <Group gap="lg" mt="md" align="center">
        <Switch
          label={t.investments}
          checked={filters.investments}
          onChange={(event) => props.onFlag('investments', event.currentTarget.checked)}
        />
        <Switch
          label={t.boardPositions}
          checked={filters.boardPositions}
          onChange={(event) => props.onFlag('boardPositions', event.currentTarget.checked)}
        />
        {withStrong ? (
          <Switch
            label={t.strongOnly}
            checked={filters.strong}
            onChange={(event) => props.onFlag('strong', event.currentTarget.checked)}
          />
        ) : null}
        {onClear ? (
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconX size={14} aria-hidden="true" />}
            onClick={onClear}
          >
            {t.clearFilters}
          </Button>
        ) : null}
      </Group>
    </search>
  );
}
