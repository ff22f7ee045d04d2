import { Button } from '@sentinel/ui';

export interface StepActionsProps {
  /** Goes to the previous step; no Back button without it (the first step). */
  onBack?: (() => void) | undefined;
  /** Whether the step has what it needs (spec part 2 §5); the button waits for it. */
  canContinue: boolean;
  label: 'Next' | 'Sign up';
  busy?: boolean;
}

/** A step's buttons: Back, and the submit button that checks the step. */
export function StepActions({ onBack, canContinue, label, busy = false }: StepActionsProps) {
  return (
    <div className="sign-up__actions">
      {onBack && (
        <Button type="button" variant="secondary" onClick={onBack}>
          Back
        </Button>
      )}
      <Button type="submit" disabled={!canContinue} busy={busy} busyLabel="Submitting">
        {label}
      </Button>
    </div>
  );
}
