import type { AdminParty } from '@intergen/contracts';
import { adminRecordsTexts as t } from '@intergen/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DataColumn } from '../../../components/data-table';
import { adminProfilePath } from '../../../lib/paths';

/** A member a row names, linked to their page in the admin area; with their side when `withRole`. */
export function PartyLink({ party, withRole = false }: { party: AdminParty; withRole?: boolean }) {
  const name = party.name || t.unnamed;
  return (
    <span>
      <Anchor
        component={Link}
        to={adminProfilePath(party.id)}
        size="sm"
        fw={600}
        aria-label={t.openMember(name)}
      >
        {name}
      </Anchor>
      {withRole ? (
        <Text span size="xs" c="dimmed">
          {' · '}
          {t.roleLabels[party.role]}
        </Text>
      ) : null}
    </span>
  );
}

/** A row about an expert–company pair. */
interface PairRow {
  expert: AdminParty;
  company: AdminParty;
}

/** How a pair's row shows as a card: titled and named by both sides, whose columns it then leaves out. */
export const pairCard = {
  cardTitle: (s: PairRow) => (
    <Text size="sm">
      <PartyLink party={s.expert} /> · <PartyLink party={s.company} />
    </Text>
  ),
  cardLabel: (s: PairRow) => t.rowLabel(s.expert.name, s.company.name),
  cardOmits: ['expert', 'company'],
};

/** A pair's first two columns: the expert and the company, each linked to their page. */
export const pairColumns: DataColumn<PairRow>[] = [
  { key: 'expert', header: t.expert, cell: (s) => <PartyLink party={s.expert} /> },
  { key: 'company', header: t.company, cell: (s) => <PartyLink party={s.company} /> },
];
