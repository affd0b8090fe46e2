import type { AdminMemberRow, AdminMemberSort, SortOrder } from '@intergen/contracts';
import { adminProfileTexts, profileTypeLabels, adminMembersTexts as t } from '@intergen/domain';
import { Anchor, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, StatusBadge } from '../../../components/profile-status-badge';
import { adminProfilePath } from '../../../lib/paths';

const yesNo = (value: boolean) => (value ? adminProfileTexts.yes : adminProfileTexts.no);

interface Column {
  label: string;
  sort?: AdminMemberSort;
  cell: (row: AdminMemberRow) => ReactNode;
}

/** The dates a member has beyond joining and publishing: paused, deactivated, disabled. */
function otherDates(row: AdminMemberRow): string {
  const dates = [
    row.pausedDate !== null ? t.pausedOn(formatDate(row.pausedDate)) : null,
    row.deactivatedDate !== null ? t.deactivatedOn(formatDate(row.deactivatedDate)) : null,
    row.disabledDate !== null ? t.disabledOn(formatDate(row.disabledDate)) : null,
  ].filter((d): d is string => d !== null);
  return dates.length > 0 ? dates.join(' · ') : adminProfileTexts.none;
}

/** Every column after the name, which stays put at the left while the rest scrolls (the status first, so that a
 * phone shows it beside the name). */
const columns: Column[] = [
  { label: t.status, cell: (row) => <StatusBadge status={row.status} /> },
  { label: t.role, cell: (row) => profileTypeLabels[row.role] },
  {
    label: t.email,
    sort: 'email',
    cell: (row) => (
      <>
        <Text size="sm">{row.email}</Text>
        {row.emailVerified ? null : (
          <Text size="xs" c="dimmed">
            {t.emailUnverified}
          </Text>
        )}
      </>
    ),
  },
  {
    label: t.verified,
    cell: (row) => (row.role === 'expert' ? yesNo(row.verified) : adminProfileTexts.none),
  },
  {
    label: t.private,
    cell: (row) => (row.role === 'expert' ? yesNo(row.private) : adminProfileTexts.none),
  },
  { label: t.joined, sort: 'createdAt', cell: (row) => formatDate(row.createdAt) },
  { label: t.published, sort: 'publishDate', cell: (row) => formatDate(row.publishDate) },
  { label: t.updated, sort: 'updatedAt', cell: (row) => formatDate(row.updatedAt) },
  {
    label: t.rating,
    sort: 'rating',
    cell: (row) => t.ratingValue(row.rating.average, row.rating.count),
  },
  { label: t.otherDates, cell: otherDates },
];

interface SortProps {
  sort: AdminMemberSort;
  order: SortOrder;
  onSort: (sort: AdminMemberSort) => void;
}

/** A column heading; a sortable one is a button, and the heading says how the table is sorted (aria-sort). */
function Heading({
  label,
  column,
  sticky,
  ...sorting
}: SortProps & { label: string; column?: AdminMemberSort; sticky?: boolean }) {
  const active = column !== undefined && column === sorting.sort;
  const Icon = !active ? IconArrowsSort : sorting.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <th
      scope="col"
      className={sticky ? 'ig-members-sticky' : undefined}
      aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      {column ? (
        <UnstyledButton className="ig-members-sort" onClick={() => sorting.onSort(column)}>
          {label}
          <Icon size={14} aria-hidden="true" />
        </UnstyledButton>
      ) : (
        label
      )}
    </th>
  );
}

/**
 * The members, one row each, in a container that scrolls sideways on a narrow screen while the name column stays
 * at the left; the name opens the member's page, where the admin's actions are.
 */
export function MembersTable({ rows, ...sorting }: SortProps & { rows: AdminMemberRow[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus (WCAG 2.1.1).
    <section className="ig-members-scroll" tabIndex={0} aria-label={t.scrollLabel} data-scroll-container>
      <table className="ig-members-table" aria-label={t.tableLabel}>
        <thead>
          <tr>
            <Heading label={t.name} column="name" sticky {...sorting} />
            {columns.map((c) => (
              <Heading key={c.label} label={c.label} column={c.sort} {...sorting} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-member={row.id}>
              <th scope="row" className="ig-members-sticky">
                <Anchor component={Link} to={adminProfilePath(row.id)} size="sm" fw={600}>
                  {row.name}
                </Anchor>
                {row.companyName ? (
                  <Text size="xs" c="dimmed">
                    {row.companyName}
                  </Text>
                ) : null}
              </th>
              {columns.map((c) => (
                <td key={c.label}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
