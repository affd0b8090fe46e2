import { type ProfileType, profileTexts, wizardSteps } from '@intergen/domain';
import { Stepper } from '@mantine/core';
import { useIsNarrow } from '../../../lib/media';

/**
 * The step bar: every step up to the current one is highlighted; a completed step is a button to it. On
 * narrow screens only the numbers show (each button keeps its title as its name).
 */
export function WizardStepper({
  kind,
  active,
  onNavigate,
}: {
  kind: ProfileType;
  active: number;
  onNavigate: (path: string) => void;
}) {
  const narrow = useIsNarrow();
  const steps = wizardSteps[kind];
  return (
    <nav aria-label={profileTexts.stepsLabel}>
      <Stepper
        active={active}
        allowNextStepsSelect={false}
        onStepClick={(index) => {
          const step = steps[index];
          if (step && index < active) onNavigate(step.path);
        }}
        size={narrow ? 'xs' : 'sm'}
        wrap={false}
      >
        {steps.map((step, index) => (
          <Stepper.Step
            key={step.path}
            label={narrow ? undefined : step.title}
            aria-label={`${profileTexts.stepOf(index + 1, steps.length)}: ${step.title}`}
            aria-current={index === active ? 'step' : undefined}
          />
        ))}
      </Stepper>
    </nav>
  );
}
