import { type ProfileStatus, profileStatusLabels, routes, wizardTexts } from '@intergen/domain';
import { Badge, Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/full-page-loader';
import { useProfileView } from '../../../lib/profile-view';
import { useSignedInUser } from '../../../lib/session';
import { ProfileDetails } from '../components/profile-details';
import { PageTitle, ProfileLoadError } from '../components/profile-states';

/** The own profile's `Edit` button: back to basic information editing. */
function EditProfileButton() {
  return (
    <Button
      component={Link}
      to={routes.profileEdit}
      leftSection={<IconPencil size={16} aria-hidden="true" />}
    >
      {wizardTexts.edit}
    </Button>
  );
}

const statusColors: Partial<Record<ProfileStatus, string>> = {
  published: 'green',
  pending: 'blue',
  paused: 'yellow',
};

/** The owner sees where their profile stands (published, under review, paused…). */
function OwnStatusBadge({ status }: { status: ProfileStatus }) {
  const color = statusColors[status] ?? 'gray';
  return (
    <Badge variant="light" color={color} c="dark.7" size="lg">
      {profileStatusLabels[status]}
    </Badge>
  );
}

/** One profile as a page: loading, not found (or failed), or the profile with its actions. */
function ProfileById({ id }: { id: string }) {
  const query = useProfileView(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ProfileLoadError error={query.error} onRetry={() => query.refetch()} />;
  const profile = query.data;
  return (
    <>
      <PageTitle title={profile.name} />
      <ProfileDetails
        profile={profile}
        actions={profile.isOwn ? <EditProfileButton /> : undefined}
        badges={profile.isOwn ? <OwnStatusBadge status={profile.status} /> : undefined}
      />
    </>
  );
}

/** The signed-in member's own profile; an incomplete one is sent to `/profile/edit` (spec 000 §2). */
function OwnProfile() {
  const user = useSignedInUser();
  if (!user.profile?.profileComplete) return <Navigate to={routes.profileEdit} replace />;
  return <ProfileById id={user.id} />;
}

/** `/profile/public`: the own profile as others see it, with `Edit`. */
export function OwnProfileRoute() {
  return <OwnProfile />;
}

/**
 * `/view/:id` and `/profile?id=`: another member's profile; the own profile for no id or the own id. An
 * unknown id shows the not-found state.
 */
export function ViewProfileRoute() {
  const user = useSignedInUser();
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('id') ?? '';
  if (!id || id === user.id) return <OwnProfile />;
  return <ProfileById id={id} />;
}
