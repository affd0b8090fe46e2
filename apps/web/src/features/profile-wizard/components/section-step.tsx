import type { OwnProfile } from '@intergen/contracts';
import {
  canProceed,
  commonTexts,
  type ProfileData,
  type ProfileType,
  routes,
  ruleErrors,
  type SectionId,
  wizardSteps,
  wizardTexts,
} from '@intergen/domain';
import { Button, Group, Paper } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconEye } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useIsNarrow } from '../../../lib/media';
import { useOwnProfile } from '../../../lib/own-profile';
import { queryKeys } from '../../../lib/query-keys';
import { useApplyPendingChanges } from '../api/apply-pending-changes';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useSectionAutosave } from '../hooks/use-section-autosave';
import {
  editorData,
  formFields,
  isPostOnboarding,
  isReadyToPublish,
  sectionProblems,
  sectionValues,
  stepsDone,
} from '../lib/profile-form';
import { type FieldBinding, labelOf } from './fields';
import { GuardedButton } from './guarded-button';
import { LeavePrompt } from './leave-prompt';
import { MissingAreasPanel } from './missing-areas-panel';
import { ProfileImageField } from './profile-image-dialog';
import { SaveIndicator } from './save-indicator';
import { BasicsFields, ExtrasFields, ProfileFields } from './section-fields';
import { WizardNav } from './wizard-nav';
import { WizardSkeleton } from './wizard-skeleton';
import { WizardStepper } from './wizard-stepper';

/** One form step of the wizard for the signed-in member: loads the profile, then shows the section's form. */
export function SectionStep({
  kind,
  section,
  children,
}: {
  kind: ProfileType;
  section: SectionId;
  /** Shown below the form (the account section of /profile/edit). */
  children?: ReactNode;
}) {
  const step = wizardSteps[kind].find((s) => s.section === section)!;
  const query = useOwnProfile();
  if (query.isPending) return <WizardSkeleton title={step.title} />;
  if (query.isError) {
    return (
      <Page title={step.title}>
        <ErrorAlert message={errorMessage(query.error)} />
        <Group>
          <Button onClick={() => query.refetch()}>{commonTexts.tryAgain}</Button>
        </Group>
      </Page>
    );
  }
  return (
    <SectionForm key={`${kind}-${section}`} kind={kind} section={section} profile={query.data}>
      {children}
    </SectionForm>
  );
}

function SectionForm({
  kind,
  section,
  profile,
  children,
}: {
  kind: ProfileType;
  section: SectionId;
  profile: OwnProfile;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const narrow = useIsNarrow();
  const steps = wizardSteps[kind];
  const index = steps.findIndex((s) => s.section === section);
  const step = steps[index]!;

  // The draft starts from the profile once; after that only the member changes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial values are read once per step.
  const initial = useMemo(() => sectionValues(kind, section, editorData(profile)), []);
  const form = useSectionAutosave(section, initial);
  // A value that breaks its rule when the step opens (kept from an earlier visit) shows its message at once.
  const [touched, setTouched] = useState<ReadonlySet<string>>(
    () => new Set(Object.keys(ruleErrors(kind, initial as Partial<ProfileData>))),
  );
  const [attempted, setAttempted] = useState(false);
  const [showMissing, setShowMissing] = useState(false);
  const apply = useApplyPendingChanges();

  // Everything the member sees: the profile as saved (picture included) with this step's draft on top.
  const data = { ...editorData(profile), ...form.values } as Partial<ProfileData>;
  const problems = sectionProblems(kind, section, data);
  const ready = canProceed(kind, section, data);
  const postOnboarding = isPostOnboarding(profile);

  const touch = useCallback(
    (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field))),
    [],
  );
  const binding: FieldBinding = {
    kind,
    value: (field) => form.values[field],
    set: form.setField,
    touch,
    error: (field) =>
      form.serverErrors[field] ?? (attempted || touched.has(field) ? problems[field] : undefined),
  };

  const shouldHold = useCallback(() => form.isBusy() || form.hasUnsaved(), [form.isBusy, form.hasUnsaved]);
  const blocker = useLeaveGuard(shouldHold, wizardTexts.leaveWhileSaving);

  // Routes scroll to the top when entered.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  /** Saves what waits, then goes; stays (with the error shown) when the save fails. */
  const go = async (path: string) => {
    if (!(await form.flush())) return;
    await navigate(path);
  };

  const revealAll = () => {
    setAttempted(true);
    setTouched(new Set(formFields(kind, section)));
  };

  const update = async () => {
    setShowMissing(false);
    if (Object.keys(problems).length > 0) revealAll();
    if (!(await form.flush())) return;
    const latest = queryClient.getQueryData<OwnProfile>(queryKeys.profiles.own) ?? profile;
    if (!isReadyToPublish(kind, { ...editorData(latest), ...form.values })) {
      setShowMissing(true);
      return;
    }
    apply.mutate(undefined, {
      onSuccess: () => navigate(routes.profilePublic),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'PROFILE_INCOMPLETE') setShowMissing(true);
      },
    });
  };

  const next = steps[index + 1];
  const previous = steps[index - 1];
  const applyError =
    apply.isError && !(apply.error instanceof ApiError && apply.error.code === 'PROFILE_INCOMPLETE')
      ? errorMessage(apply.error)
      : null;

  const fields =
    section === 'basics' ? (
      <BasicsFields form={binding} />
    ) : section === 'profile' ? (
      <ProfileFields form={binding} />
    ) : (
      <ExtrasFields
        form={binding}
        picture={
          <ProfileImageField
            label={labelOf(kind, 'profileImage')}
            error={binding.error('profileImage')}
            onVisited={() => touch('profileImage')}
          />
        }
      />
    );

  return (
    <div className="ig-wizard">
      <Page title={step.title}>
        <WizardStepper
          kind={kind}
          active={index}
          done={stepsDone(kind, data)}
          onNavigate={(path) => void go(path)}
        />
        <Group justify="flex-end" mt={-8}>
          <SaveIndicator status={form.status} />
        </Group>
        <ErrorAlert message={form.saveError} />
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', xs: 'xl' }}
          component="form"
          noValidate
          onSubmit={(event: React.FormEvent) => event.preventDefault()}
          aria-label={step.title}
        >
          {fields}
        </Paper>
        {showMissing ? <MissingAreasPanel kind={kind} data={data} announce /> : null}
        <ErrorAlert message={applyError} />
        <WizardNav
          narrow={narrow}
          previous={
            previous ? (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                onClick={() => void go(previous.path)}
              >
                {wizardTexts.previousSection}
              </Button>
            ) : null
          }
          preview={
            <Button
              variant="subtle"
              leftSection={<IconEye size={16} aria-hidden="true" />}
              onClick={() => void go(routes.profileReview)}
            >
              {wizardTexts.previewProfile}
            </Button>
          }
          next={
            next ? (
              <GuardedButton
                enabled={ready}
                reason={wizardTexts.nextDisabledTooltip}
                onClick={() => void go(next.path)}
                onRefused={revealAll}
                variant={postOnboarding ? 'default' : 'filled'}
                rightSection={<IconArrowRight size={16} aria-hidden="true" />}
              >
                {wizardTexts.nextSection}
              </GuardedButton>
            ) : null
          }
          update={
            postOnboarding ? (
              <Button onClick={() => void update()} loading={apply.isPending} fullWidth={narrow}>
                {profile.pendingChanges ? wizardTexts.update : wizardTexts.saveChanges}
              </Button>
            ) : null
          }
        />
        <LeavePrompt
          blocker={blocker}
          message={form.hasUnsaved() ? wizardTexts.leaveWithUnsaved : wizardTexts.leaveWhileSaving}
        />
        {children}
      </Page>
    </div>
  );
}
