import type { AdminParty } from '@intergen/contracts';
import { adminRecordsTexts as t } from '@intergen/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
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
