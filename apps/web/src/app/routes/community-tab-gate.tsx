import { unknownPathTarget } from '@intergen/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../components/full-page-loader';
import { usePublicConfig } from '../../lib/config';
import { useReadyInTransition } from '../../lib/ready-in-transition';
import { useSignedInUser } from '../../lib/session';

/**
 * The pages of the community tab, the communities and My Network, exist only when its flag is on (spec 000 §2,
 * as the header shows My Network only then); with it off the member goes where an unknown address would take them.
 */
export function CommunityTabGate({ children }: { children: ReactNode }) {
  const config = usePublicConfig();
  const user = useSignedInUser();
  // The page (its filters, the skeletons) replaces the loader in a transition (lib/ready-in-transition.ts).
  if (!useReadyInTransition(config.isPending)) return <PageLoader />;
  if (!config.data?.communityTab) return <Navigate to={unknownPathTarget(user)} replace />;
  return children;
}
