import { type CommunityList, communityLists, communityTexts, routes } from '@intergen/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicConfig } from '../lib/config';
import { useSignedInUser } from '../lib/session';

/**
 * The community lists the signed-in member may open: the community-tab flag on and the read rules (DESIGN.md §2:
 * a published profile, not pending; experts both communities, companies the expert community only).
 */
export function useCommunityLists(): readonly CommunityList[] {
  const user = useSignedInUser();
  const communityTab = usePublicConfig().data?.communityTab ?? false;
  return communityLists(
    {
      isAdmin: false,
      kind: user.kind,
      emailVerified: user.emailVerified,
      status: user.profile?.status ?? null,
    },
    communityTab,
  );
}

/** The address of a community list. */
export function communityListPath(list: CommunityList): string {
  return list === 'experts' ? routes.expertCommunity : routes.ventureCommunity;
}

/**
 * `See all` into a community (its full name with `named`, where no heading beside it says what it lists), shown
 * only when the member may open that community (nothing otherwise).
 */
export function SeeAllLink({ list, named = false }: { list: CommunityList; named?: boolean }) {
  const lists = useCommunityLists();
  if (!lists.includes(list)) return null;
  return (
    <Anchor
      component={Link}
      to={communityListPath(list)}
      size="sm"
      fw={600}
      aria-label={named ? undefined : communityTexts.seeAllNamed[list]}
    >
      {named ? communityTexts.seeAllNamed[list] : communityTexts.seeAll}
    </Anchor>
  );
}
