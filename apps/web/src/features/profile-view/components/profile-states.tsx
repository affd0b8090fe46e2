import {
  accessTexts,
  commonTexts,
  profilePageTexts,
  profileTexts,
  routes,
  setupPath,
} from '@intergen/domain';
import { Button, Center, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useSignedInUser } from '../../../lib/session';

/**
 * A profile that could not be shown: an unknown (or unreadable) id is a not-found state, never a crash
 * (spec 001 §8); any other failure shows the message with a retry.
 */
export function ProfileLoadError({
  error,
  onRetry,
  withTitle = true,
}: {
  error: unknown;
  onRetry: () => void;
  /** Pages name the state in `document.title`; a modal over another page does not. */
  withTitle?: boolean;
}) {
  const notFound = error instanceof ApiError && error.status === 404;
  const locked = error instanceof ApiError && error.code === 'MEMBERS_LOCKED';
  return (
    <Center mih="40vh" p="md">
      {notFound ? (
        <NotFound withTitle={withTitle} />
      ) : locked ? (
        <MembersLocked message={error.message} />
      ) : (
        <Stack gap="md" maw={460} w="100%">
          <ErrorAlert message={errorMessage(error)} />
          <Group justify="center">
            <Button variant="default" onClick={onRetry}>
              {commonTexts.tryAgain}
            </Button>
          </Group>
        </Stack>
      )}
    </Center>
  );
}

/** A member who may not see other members yet: what to do, and a button to where they can do it. */
function MembersLocked({ message }: { message: string }) {
  const user = useSignedInUser();
  return (
    <Stack gap="md" maw={460} w="100%" align="center">
      <Text ta="center">{message}</Text>
      <Button component={Link} to={setupPath(user)}>
        {accessTexts.finishProfile}
      </Button>
    </Stack>
  );
}

function NotFound({ withTitle }: { withTitle: boolean }) {
  return (
    <EmptyState>
      {withTitle ? <PageTitle title={profilePageTexts.notFoundTitle} /> : null}
      <EmptyState.Indicator>
        <IconUserQuestion aria-hidden="true" />
      </EmptyState.Indicator>
      <EmptyState.Title order={withTitle ? 1 : 3}>{profilePageTexts.notFoundTitle}</EmptyState.Title>
      <EmptyState.Description>{profileTexts.profileNotFound}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to={routes.dashboard} variant="default">
          {profilePageTexts.backToDashboard}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** Names the page in `document.title` while it is shown. */
export function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}
