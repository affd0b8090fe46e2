import type { OwnProfile } from '@intergen/contracts';
import {
  commonTexts,
  emailVerificationTexts,
  type ProfileType,
  routes,
  wizardSteps,
  wizardTexts,
} from '@intergen/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert, SuccessAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { rememberNewChangesSeen } from '../../../lib/new-changes-seen';
import { useOwnProfile } from '../../../lib/own-profile';
import { useSignedInUser } from '../../../lib/session';
import { useReachReview } from '../api/reach-review';
import { useSubmitProfile } from '../api/submit-profile';
import { editorData, isReadyToPublish, stepsDone } from '../lib/profile-form';
import { EmailVerificationModal, EmailVerifiedModal } from './email-verification-modal';
import { GuardedButton } from './guarded-button';
import { MissingAreasPanel } from './missing-areas-panel';
import { ProfilePreview } from './profile-preview';
import { WizardSkeleton } from './wizard-skeleton';
import { WizardStepper } from './wizard-stepper';

/** Whether the profile has left onboarding: published, submitted for approval, or paused. */
function isSubmitted(profile: OwnProfile): boolean {
  return profile.profilePublished || profile.profilePending || profile.status === 'paused';
}

/**
 * Step 4, Profile Review (spec 000 §2): entering it marks the review as reached (onboarding complete, a
 * default avatar when none). It shows the publish-readiness panel while a section is under 100 %, a preview
 * of the profile, and Finish: with a verified e-mail it publishes (company) or submits for approval (expert);
 * without, it asks for the e-mailed code first. The code can be entered with an incomplete profile too (it then
 * only verifies); with a complete one the server publishes or submits it as it verifies, so a reload before
 * `Continue` loses nothing.
 */
export function ReviewStep({ kind }: { kind: ProfileType }) {
  const title = wizardSteps[kind][3]!.title;
  const query = useOwnProfile();
  const reach = useReachReview();
  const reached = useRef(false);

  // Once per visit of the step.
  useEffect(() => {
    if (reached.current) return;
    reached.current = true;
    reach.mutate();
  }, [reach.mutate]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  if (query.isPending) return <WizardSkeleton title={title} />;
  if (query.isError) {
    return (
      <Page title={title}>
        <ErrorAlert message={errorMessage(query.error)} />
        <Group>
          <Button onClick={() => query.refetch()}>{commonTexts.tryAgain}</Button>
        </Group>
      </Page>
    );
  }
  return <Review kind={kind} profile={query.data} reachSettled={!reach.isPending && !reach.isIdle} />;
}

function Review({
  kind,
  profile,
  reachSettled,
}: {
  kind: ProfileType;
  profile: OwnProfile;
  reachSettled: boolean;
}) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const submit = useSubmitProfile();
  const steps = wizardSteps[kind];
  const data = editorData(profile);
  const ready = isReadyToPublish(kind, data);
  const verified = user.emailVerified || profile.emailVerified;
  // The server publishes or submits a complete profile when its e-mail is verified: the session says so first.
  const submitted =
    isSubmitted(profile) || user.profile?.status === 'published' || user.profile?.status === 'pending';

  const [verifying, setVerifying] = useState(false);
  const [verifiedOpen, setVerifiedOpen] = useState(false);
  const [justVerified, setJustVerified] = useState(false);
  const asked = useRef(false);

  // An unverified member with a code waiting enters the code first (once the review is reached and complete).
  useEffect(() => {
    if (asked.current || !reachSettled) return;
    if (!verified && profile.hasEmailVerificationCode && ready && !submitted) {
      asked.current = true;
      setVerifying(true);
    }
  }, [reachSettled, verified, profile.hasEmailVerificationCode, ready, submitted]);

  const toDashboard = () => {
    rememberNewChangesSeen();
    void navigate(routes.dashboard);
  };

  const finish = () => {
    if (submitted) {
      toDashboard();
      return;
    }
    if (!verified) {
      setVerifying(true);
      return;
    }
    submit.mutate();
  };

  return (
    <div className="ig-wizard">
      <Page title={steps[3]!.title}>
        <WizardStepper
          kind={kind}
          active={3}
          done={stepsDone(kind, data)}
          onNavigate={(path) => void navigate(path)}
        />
        {verified ? null : (
          <Alert
            color="blue"
            variant="light"
            icon={<IconMailCheck aria-hidden="true" />}
            data-testid="verify-email"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">{emailVerificationTexts.verifyEmailPrompt}</Text>
              <Button size="xs" variant="default" onClick={() => setVerifying(true)}>
                {emailVerificationTexts.enterCode}
              </Button>
            </Group>
          </Alert>
        )}
        <SuccessAlert
          message={justVerified && verified ? emailVerificationTexts.emailVerifiedNotice : null}
        />
        {ready ? null : <MissingAreasPanel kind={kind} data={data} />}
        <ProfilePreview profile={profile} />
        <ErrorAlert message={submit.isError && !verifiedOpen ? errorMessage(submit.error) : null} />
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
              onClick={() => void navigate(steps[2]!.path)}
            >
              {wizardTexts.previousSection}
            </Button>
            <GuardedButton
              enabled={ready}
              reason={wizardTexts.nextDisabledTooltip}
              onClick={finish}
              loading={submit.isPending && !verifiedOpen}
            >
              {wizardTexts.finish}
            </GuardedButton>
          </Group>
        </Stack>
        <EmailVerificationModal
          opened={verifying}
          onClose={() => setVerifying(false)}
          onVerified={(verifiedUser) => {
            setVerifying(false);
            const status = verifiedUser.profile?.status;
            // A complete profile was published or submitted with the verification: say so, then the dashboard.
            // An incomplete one was only verified: the member goes on completing it.
            if (status === 'published' || status === 'pending' || ready) setVerifiedOpen(true);
            else setJustVerified(true);
          }}
        />
        <EmailVerifiedModal
          opened={verifiedOpen}
          pending={submit.isPending || submit.isSuccess}
          error={submit.isError ? errorMessage(submit.error) : null}
          onContinue={() => {
            if (submitted) toDashboard();
            else submit.mutate();
          }}
        />
      </Page>
    </div>
  );
}
