import type { ProfileView } from '@intergen/contracts';
import { navigationTexts } from '@intergen/domain';
import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DialogLoader } from '../../../components/full-page-loader';
import { useReturnFocusOnUnmount } from '../../../components/use-return-focus';
import { useProfileView } from '../../../lib/profile-view';
import { ProfileDetails } from '../components/profile-details';
import { ProfileLoadError } from '../components/profile-states';

/**
 * A profile opened over a base page (`/dashboard/:profileId`, `/my-network/:profileId`,
 * `/venture-community/:profileId`, `/expert-community/:profileId`); closing it goes back to the base route,
 * keeping its query (spec 000 §2).
 */
export function ProfileModal({
  baseRoute,
  actions,
  onClose,
}: {
  baseRoute: string;
  /** The side card's buttons for another member's profile (the app layer composes connection actions). */
  actions?: (profile: ProfileView) => ReactNode;
  /** Closes it another way than going to the base route (back in the history, to the list it was opened from). */
  onClose?: () => void;
}) {
  const { profileId = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = useProfileView(profileId);
  const close = onClose ?? (() => navigate(`${baseRoute}${search}`));
  // Closing unmounts the route: the focus goes back to the card's View Profile that opened it.
  useReturnFocusOnUnmount();

  return (
    <Modal
      opened
      onClose={close}
      title={query.data?.name ?? navigationTexts.profile}
      size="min(var(--ig-content-max-width), calc(100vw - 48px))"
      centered={false}
      padding="lg"
    >
      {query.isPending ? (
        <DialogLoader />
      ) : query.isError ? (
        <ProfileLoadError error={query.error} onRetry={() => query.refetch()} withTitle={false} />
      ) : (
        <ProfileDetails
          profile={query.data}
          variant="embedded"
          actions={!query.data.isOwn && actions ? actions(query.data) : undefined}
        />
      )}
    </Modal>
  );
}
