import { type AdminScoreSort, adminScoreSorts } from '@intergen/contracts';
import { limits, adminRecordsTexts as t } from '@intergen/domain';
import { NativeSelect } from '@mantine/core';
import { Page } from '../../../components/page';
import { oneOf, useUrlParams } from '../../../lib/url-params';
import { type AdminScoresFilter, useAdminScores } from '../api/get-admin-scores';
import { RecordsSection } from '../components/records-section';
import { ScoresTable } from '../components/scores-table';
import { SearchField } from '../components/search-field';

/** The minimum scores offered; 80 is the spec's strong match (001 §9). */
const minimums = [60, limits.communityScoreMinimum, 90] as const;

/**
 * `/admin/scores`: every scored expert–company pair, searched by name and filtered by a minimum score in the
 * address (`?q=&min=&sort=&order=`), by score or by last change, refreshed live.
 */
export function AdminScoresRoute() {
  const { params, set } = useUrlParams();
  const min = Number(params.get('min'));
  const filter: AdminScoresFilter = {
    minScore: minimums.find((m) => m === min) ?? null,
    search: params.get('q') ?? '',
    sort: oneOf(adminScoreSorts, params.get('sort')) ?? 'score',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
  const list = useAdminScores(filter);
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];
  // A header sorts by its column, highest or newest first; pressed again, the other way.
  const onSort = (sort: AdminScoreSort) => {
    const order = sort === filter.sort && filter.order === 'desc' ? 'asc' : 'desc';
    set({ sort: sort === 'score' ? null : sort, order: order === 'desc' ? null : order });
  };
  return (
    <Page title={t.scoresTitle} description={t.scoresDescription} wide>
      <RecordsSection
        title={t.scoresTitle}
        query={list}
        total={list.data?.pages[0]?.total ?? null}
        shown={rows.length}
        countText={t.scoresCount}
        filtered={filter.minScore !== null || filter.search !== ''}
        onClear={() => set({ min: null, q: null })}
        emptyText={t.emptyScores}
        filters={
          <>
            <SearchField value={filter.search} onSearch={(q) => set({ q })} />
            <NativeSelect
              label={t.minScoreFilter}
              value={filter.minScore === null ? '' : String(filter.minScore)}
              onChange={(event) => set({ min: event.currentTarget.value })}
              data={[
                { value: '', label: t.anyScore },
                ...minimums.map((m) => ({
                  value: String(m),
                  label: m === limits.communityScoreMinimum ? t.strongOption(m) : t.minScoreOption(m),
                })),
              ]}
              w={{ base: '100%', xs: 240 }}
            />
          </>
        }
      >
        <ScoresTable rows={rows} sort={filter.sort} order={filter.order} onSort={onSort} />
      </RecordsSection>
    </Page>
  );
}
