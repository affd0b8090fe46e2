import { type AdminRecordOrder, adminSuggestionStates } from '@intergen/contracts';
import { adminRecordsTexts as t } from '@intergen/domain';
import { NativeSelect } from '@mantine/core';
import { oneOf, useUrlParams } from '../../../lib/url-params';
import { type AdminSuggestionsFilter, useAdminSuggestions } from '../api/get-admin-suggestions';
import { RecordsSection } from './records-section';
import { SearchField } from './search-field';
import { SuggestionsTable } from './suggestions-table';

/**
 * Every suggestion, below the creation and run panels of `/admin/suggestions`: searched by name or e-mail and
 * filtered by state (`?q=&state=&order=`; a member's page links here with `?q=<their e-mail>`), newest or oldest
 * first, 12 at a time, refreshed live.
 */
export function AdminSuggestionsList() {
  const { params, set } = useUrlParams();
  const filter: AdminSuggestionsFilter = {
    state: oneOf(adminSuggestionStates, params.get('state')),
    search: params.get('q') ?? '',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
  const list = useAdminSuggestions(filter);
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <RecordsSection
      title={t.suggestionsTitle}
      query={list}
      total={list.data?.pages[0]?.total ?? null}
      shown={rows.length}
      countText={t.suggestionsCount}
      filtered={filter.state !== null || filter.search !== ''}
      onClear={() => set({ state: null, q: null })}
      emptyText={t.emptySuggestions}
      filters={
        <>
          <SearchField value={filter.search} onSearch={(q) => set({ q })} />
          <NativeSelect
            label={t.stateFilter}
            value={filter.state ?? ''}
            onChange={(event) => set({ state: event.currentTarget.value })}
            data={[
              { value: '', label: t.anyState },
              ...adminSuggestionStates.map((state) => ({
                value: state,
                label: t.suggestionStateLabels[state],
              })),
            ]}
            w={{ base: '100%', xs: 220 }}
          />
        </>
      }
    >
      <SuggestionsTable
        rows={rows}
        order={filter.order}
        onOrder={(order: AdminRecordOrder) => set({ order: order === 'desc' ? null : order })}
      />
    </RecordsSection>
  );
}
