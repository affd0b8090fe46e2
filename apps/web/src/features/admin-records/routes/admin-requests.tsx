import { type AdminRecordOrder, adminRequestKinds, adminRequestStates } from '@intergen/contracts';
import { adminRecordsTexts as t } from '@intergen/domain';
import { Page } from '../../../components/page';
import { oneOf, useUrlParams } from '../../../lib/url-params';
import { type AdminRequestsFilter, useAdminRequests } from '../api/get-admin-requests';
import { FilterSelect } from '../components/filter-select';
import { RecordsSection } from '../components/records-section';
import { RequestsTable } from '../components/requests-table';
import { SearchField } from '../components/search-field';

/**
 * `/admin/requests`: every connection request and My Network request with its state and dates, searched by
 * name or e-mail and filtered by kind and state in the address (`?q=&kind=&state=&order=`; a member's page links
 * here with `?q=<their e-mail>`), refreshed live.
 */
export function AdminRequestsRoute() {
  const { params, set } = useUrlParams();
  const filter: AdminRequestsFilter = {
    kind: oneOf(adminRequestKinds, params.get('kind')),
    state: oneOf(adminRequestStates, params.get('state')),
    search: params.get('q') ?? '',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
  const list = useAdminRequests(filter);
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <Page title={t.requestsTitle} description={t.requestsDescription} wide>
      <RecordsSection
        title={t.requestsTitle}
        query={list}
        total={list.data?.pages[0]?.total ?? null}
        shown={rows.length}
        countText={t.requestsCount}
        filtered={filter.kind !== null || filter.state !== null || filter.search !== ''}
        onClear={() => set({ kind: null, state: null, q: null })}
        emptyText={t.emptyRequests}
        filters={
          <>
            <SearchField value={filter.search} onSearch={(q) => set({ q })} />
            <FilterSelect
              label={t.kindFilter}
              value={filter.kind ?? ''}
              onChange={(kind) => set({ kind })}
              anyLabel={t.anyKind}
              options={adminRequestKinds.map((kind) => ({ value: kind, label: t.kindLabels[kind] }))}
              width={200}
            />
            <FilterSelect
              label={t.stateFilter}
              value={filter.state ?? ''}
              onChange={(state) => set({ state })}
              anyLabel={t.anyState}
              options={adminRequestStates.map((state) => ({
                value: state,
                label: t.requestStateLabels[state],
              }))}
              width={240}
            />
          </>
        }
      >
        <RequestsTable
          rows={rows}
          order={filter.order}
          onOrder={(order: AdminRecordOrder) => set({ order: order === 'desc' ? null : order })}
        />
      </RecordsSection>
    </Page>
  );
}
