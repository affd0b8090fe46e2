import type { OwnProfile } from '@intergen/contracts';
import { adminProfileTexts } from '@intergen/domain';
import { Anchor, Center, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { PageLoader } from '../../../components/full-page-loader';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { adminProfilesPath } from '../../../lib/paths';
import { useAdminProfile } from '../api/get-admin-profile';
import { MemberActivity } from '../components/member-activity';
import { StatusPanel } from '../components/status-panel';
import { useAdminActions } from '../components/use-admin-actions';

/**
 * `/admin/profiles/:id`: any profile as an admin sees it: the status panel with its actions above the profile
 * itself, which the app renders with the profile page's component (`renderProfile`, embedded: this page's h1
 * is the name, its section headings are h2).
 */
export function AdminProfileRoute({ renderProfile }: { renderProfile: (profile: OwnProfile) => ReactNode }) {
  const { id = '' } = useParams();
  const query = useAdminProfile(id);
  const actions = useAdminActions();
  usePageTitle(query.data?.name ?? adminProfileTexts.pageTitle);

  return (
    <div className="ig-page">
      <Stack gap="lg">
        <Anchor component={Link} to={adminProfilesPath} size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden="true" />
            {adminProfileTexts.backToProfiles}
          </Group>
        </Anchor>
        {query.isPending ? (
          <PageLoader />
        ) : query.isError ? (
          <Center mih="30vh">
            <ErrorAlert message={errorMessage(query.error)} />
          </Center>
        ) : (
          <>
            <Title order={1} fz={{ base: 24, xs: 30 }}>
              {query.data.name}
            </Title>
            <StatusPanel profile={query.data} actions={actions} />
            <MemberActivity memberId={query.data.id} email={query.data.email} />
            {renderProfile(query.data)}
          </>
        )}
      </Stack>
    </div>
  );
}
