import type { MemberScoresResponse } from '@intergen/contracts';
import { limits, adminRecordsTexts as t } from '@intergen/domain';
import { Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { useMemberScores } from '../api/get-member-scores';
import { FilterSelect } from './filter-select';
import { PartyLink } from './party-link';
import { RecordsSection } from './records-section';

type Row = MemberScoresResponse['rows'][number];

/** The minimum scores offered; 80 is the spec's strong match (001 §9). */
export const scoreMinimums = [60, limits.communityScoreMinimum, 90] as const;

/** The minimum-score filter's options, the strong match's named as such. */
export const scoreMinimumOptions = scoreMinimums.map((m) => ({
  value: String(m),
  label: m === limits.communityScoreMinimum ? t.strongOption(m) : t.minScoreOption(m),
}));

const counterpartOf = (row: Row) => ({
  id: row.counterpart.id,
  role: row.counterpart.kind,
  name: row.counterpart.companyName ?? row.counterpart.name,
});

/**
 * One member's score with every published counterpart (spec 001 §6), computed on demand by the server, ranked,
 * page by page; `minScore` narrows it. `pageSize` small where it is a preview (the member's page).
 */
export function MemberScores({
  memberId,
  minScore,
  onMinScore,
  pageSize,
}: {
  memberId: string;
  minScore: number | null;
  onMinScore: (min: number | null) => void;
  pageSize?: number;
}) {
  const list = useMemberScores(memberId, minScore, pageSize);
  const first = list.data?.pages[0];
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];
  const name = first ? (first.member.companyName ?? first.member.name) : '';
  return (
    <RecordsSection
      title={t.memberScoresTitle(name)}
      query={list}
      total={first?.total ?? null}
      shown={rows.length}
      countText={t.memberScoresCount}
      filtered={minScore !== null}
      onClear={() => onMinScore(null)}
      emptyText={t.emptyMemberScores}
      filters={
        <FilterSelect
          label={t.minScoreFilter}
          value={minScore === null ? '' : String(minScore)}
          onChange={(value) => onMinScore(Number(value) || null)}
          anyLabel={t.anyScore}
          options={scoreMinimumOptions}
          width={240}
        />
      }
    >
      <Text size="sm" c="dimmed">
        {t.memberScoresDescription}
      </Text>
      <DataTable
        rows={rows}
        rowKey={(r) => r.counterpart.id}
        caption={t.memberScoresTitle(name)}
        labels={{ sortBy: t.sortBy, sort: t.sortLabel }}
        minWidth={480}
        cardTitle={(r) => <PartyLink party={counterpartOf(r)} withRole />}
        cardLabel={(r) => counterpartOf(r).name}
        cardOmits={['counterpart']}
        columns={[
          { key: 'rank', header: t.rankColumn, nowrap: true, cell: (r) => r.rank },
          {
            key: 'counterpart',
            header: t.counterpart,
            cell: (r) => <PartyLink party={counterpartOf(r)} withRole />,
          },
          {
            key: 'score',
            header: t.score,
            nowrap: true,
            cell: (r) => (
              <Text size="sm" fw={r.score >= limits.communityScoreMinimum ? 700 : 400} ff="monospace">
                {r.score}
              </Text>
            ),
          },
        ]}
      />
    </RecordsSection>
  );
}
