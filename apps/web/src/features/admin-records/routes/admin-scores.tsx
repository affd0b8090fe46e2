import { type AdminScoreSort, adminScoreSorts } from '@intergen/contracts';
import { adminRecordsTexts as t } from '@intergen/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { adminScoresPath } from '../../../lib/paths';
import { oneOf, useUrlParams } from '../../../lib/url-params';
import { type AdminScoresFilter, useAdminScores } from '../api/get-admin-scores';
import { FilterSelect } from '../components/filter-select';
import { MemberScores, scoreMinimumOptions, scoreMinimums } from '../components/member-scores';
import { RecordsSection } from '../components/records-section';
import { ScoresTable } from '../components/scores-table';
import { SearchField } from '../components/search-field';

const minimums = scoreMinimums;

/**
 * `/admin/scores`: every stored (strong) expert–company pair, searched by name or e-mail and filtered by a minimum score in
 * the address (`?q=&min=&sort=&order=`), by score or by last change, refreshed live. With `?member=<id>`: that
 * member's score with every published counterpart, weak pairs included, computed on demand.
 */
export function AdminScoresRoute() {
  const { params } = useUrlParams();
  const member = params.get('member');
  return member ? <OneMemberScores memberId={member} /> : <StoredScores />;
}

/** One member's scores with every counterpart (`?member=`), the minimum score in the address. */
function OneMemberScores({ memberId }: { memberId: string }) {
  const { params, set } = useUrlParams();
  const min = Number(params.get('min'));
  return (
    <Page title={t.scoresTitle} description={t.memberScoresDescription} wide>
      <Anchor component={Link} to={adminScoresPath} size="sm" w="fit-content">
        {t.storedScores}
      </Anchor>
      <MemberScores
        memberId={memberId}
        minScore={minimums.find((m) => m === min) ?? null}
        onMinScore={(value) => set({ min: value === null ? null : String(value) })}
      />
    </Page>
  );
}

/** The stored (strong) pairs, searched, filtered and sorted through the address. */
function StoredScores() {
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
            <FilterSelect
              label={t.minScoreFilter}
              value={filter.minScore === null ? '' : String(filter.minScore)}
              onChange={(min) => set({ min })}
              anyLabel={t.anyScore}
              options={scoreMinimumOptions}
              width={240}
            />
          </>
        }
      >
        <ScoresTable rows={rows} sort={filter.sort} order={filter.order} onSort={onSort} />
      </RecordsSection>
    </Page>
  );
}
