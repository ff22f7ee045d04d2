import { clsx } from 'clsx';

export interface StepperProps {
  /** The steps' names, in order. */
  steps: readonly string[];
  /** The 0-based index of the step shown. */
  current: number;
  /** The list's accessible name. @default 'Steps' */
  label?: string;
  className?: string;
}

/**
 * Where a person is in a form of several steps: an ordered list whose current step carries
 * aria-current="step", and whose earlier steps read as done.
 */
export function Stepper({ steps, current, label = 'Steps', className }: StepperProps) {
  return (
    <ol className={clsx('sn-stepper', className)} aria-label={label}>
      {steps.map((step, index) => (
        <li
          key={step}
          className={clsx(
            'sn-stepper__step',
            index < current && 'sn-stepper__step--done',
            index === current && 'sn-stepper__step--current',
          )}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="sn-stepper__number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="sn-stepper__name">
            {step}
            {index < current && <span className="sn-visually-hidden"> (done)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
