import { unknownPathTarget } from '@intergen/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../components/full-page-loader';
import { ExpertCommunityRoute, VentureCommunityRoute } from '../../features/network';
import { usePublicConfig } from '../../lib/config';
import { useSignedInUser } from '../../lib/session';

/** Community routes exist only when the community-tab flag is on (spec 000 §2). */
function CommunityGate({ children }: { children: ReactNode }) {
  const config = usePublicConfig();
  const user = useSignedInUser();
  if (config.isPending) return <PageLoader />;
  if (!config.data?.communityTab) return <Navigate to={unknownPathTarget(user)} replace />;
  return children;
}

export function ExpertCommunityGate() {
  return (
    <CommunityGate>
      <ExpertCommunityRoute />
    </CommunityGate>
  );
}

export function VentureCommunityGate() {
  return (
    <CommunityGate>
      <VentureCommunityRoute />
    </CommunityGate>
  );
}
