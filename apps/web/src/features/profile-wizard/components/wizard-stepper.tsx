import { type ProfileType, wizardSteps, wizardTexts } from '@intergen/domain';
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useIsNarrow } from '../../../lib/media';

/**
 * The step bar: a step is marked done only when its section is 100 % complete (the review step has no section
 * and is never marked done); the current step is highlighted; an earlier step is a button to it. On narrow
 * screens only the numbers show (each step keeps its title for screen readers).
 */
export function WizardStepper({
  kind,
  active,
  done,
  onNavigate,
}: {
  kind: ProfileType;
  active: number;
  /** Per step, whether its section is complete. */
  done: readonly boolean[];
  onNavigate: (path: string) => void;
}) {
  const narrow = useIsNarrow();
  const steps = wizardSteps[kind];
  return (
    <nav aria-label={wizardTexts.stepsLabel}>
      <ol className="ig-steps" data-narrow={narrow || undefined}>
        {steps.map((step, index) => {
          const isDone = done[index] === true;
          const state = index === active ? 'current' : isDone ? 'done' : 'todo';
          const content = (
            <>
              <span className="ig-step-icon" aria-hidden="true">
                {isDone ? <IconCheck size={16} stroke={3} /> : index + 1}
              </span>
              <VisuallyHidden>{`${wizardTexts.stepOf(index + 1, steps.length)}: `}</VisuallyHidden>
              {narrow ? (
                <VisuallyHidden>{step.title}</VisuallyHidden>
              ) : (
                <span className="ig-step-label">{step.title}</span>
              )}
              {isDone ? <VisuallyHidden>{`, ${wizardTexts.stepDone}`}</VisuallyHidden> : null}
            </>
          );
          return (
            <li
              key={step.path}
              className="ig-step"
              data-state={state}
              aria-current={index === active ? 'step' : undefined}
            >
              {index < active ? (
                <UnstyledButton className="ig-step-body" onClick={() => onNavigate(step.path)}>
                  {content}
                </UnstyledButton>
              ) : (
                <span className="ig-step-body">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
