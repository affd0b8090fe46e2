import { type ProfileType, routes, wizardSteps } from '@intergen/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSignedInUser } from '../../../lib/session';
import { ReviewStep } from '../components/review-step';
import { SectionStep } from '../components/section-step';
import '../styles';

function useKind(): ProfileType {
  return useSignedInUser().kind ?? 'expert';
}

/** A wizard step by its route; a member of the other kind goes to their own first step. */
function StepRoute({ path }: { path: string }) {
  const kind = useKind();
  const steps = wizardSteps[kind];
  const step = steps.find((s) => s.path === path);
  if (!step) return <Navigate to={steps[0]!.path} replace />;
  if (!step.section) return <ReviewStep kind={kind} />;
  return <SectionStep key={path} kind={kind} section={step.section} />;
}

/** `/profile/about`: step 1, Basic information (expert) or Basic Information (company). */
export function ProfileAboutRoute() {
  return <StepRoute path={routes.profileAbout} />;
}

/** `/profile/experience` (expert step 2): Connecting You. */
export function ProfileExperienceRoute() {
  return <StepRoute path={routes.profileExperience} />;
}

/** `/profile/interests` (expert step 3): A Few More Details. */
export function ProfileInterestsRoute() {
  return <StepRoute path={routes.profileInterests} />;
}

/** `/profile/seeking` (company step 2): Your Connection Needs. */
export function ProfileSeekingRoute() {
  return <StepRoute path={routes.profileSeeking} />;
}

/** `/profile/enrichment` (company step 3): A Few More Details. */
export function ProfileEnrichmentRoute() {
  return <StepRoute path={routes.profileEnrichment} />;
}

/** `/profile/review` (step 4): Profile Review. */
export function ProfileReviewRoute() {
  return <StepRoute path={routes.profileReview} />;
}

/**
 * The Basic Information step of the signed-in member, with `children` below the form: the app composes
 * `/profile/edit` from it and the account section.
 */
export function BasicInformationStep({ children }: { children?: ReactNode }) {
  return (
    <SectionStep kind={useKind()} section="basics">
      {children}
    </SectionStep>
  );
}
