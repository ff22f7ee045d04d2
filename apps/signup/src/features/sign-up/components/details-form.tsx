import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { errorText, isApiError } from '@sentinel/api-sdk';
import { Alert } from '@sentinel/ui';
import { PATHS, validateSignUpDetailsStep } from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import { useAppSettings } from '../../../lib/app-settings';
import { keepPhoneVerification } from '../../../lib/phone-verification';
import { useSignUpMutation } from '../api/sign-up-mutations';
import { DetailsStep } from './details-step';
import { filled } from './sign-up-form';
import type { StepProps } from './sign-up-form';
import { StepActions } from './step-actions';
import { Turnstile } from './turnstile';

export interface DetailsFormProps extends StepProps {
  /** Back to the password step. */
  onBack: () => void;
  /** Shows field errors: this step's own, or those of a refused sign-up (any step's fields). */
  onErrors: (errors: FieldErrors) => void;
}

/** Step 3 (details), which sends the sign-up; success goes to /verify-account. */
export function DetailsForm({ values, errors, change, check, onBack, onErrors }: DetailsFormProps) {
  const [, navigate] = useLocation();
  const { turnstileSiteKey } = useAppSettings();
  const signUp = useSignUpMutation();
  const [turnstileToken, setTurnstileToken] = useState('');
  const [failure, setFailure] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const stepErrors = validateSignUpDetailsStep(values);
    onErrors(stepErrors);
    if (Object.keys(stepErrors).length > 0) return;
    setFailure(undefined);
    signUp.mutate(
      { ...values, PhoneCode: '27', ...(turnstileToken === '' ? {} : { turnstileToken }) },
      {
        onSuccess: (verification) => {
          keepPhoneVerification(verification);
          navigate(PATHS.verifyAccount);
        },
        onError: (error) => {
          const fieldErrors = isApiError(error) ? (error.body?.errors ?? {}) : {};
          if (Object.keys(fieldErrors).length === 0) {
            setFailure(errorText(error));
            return;
          }
          onErrors(fieldErrors);
        },
      },
    );
  };

  return (
    <form className="sign-up__form" onSubmit={submit} noValidate>
      <DetailsStep values={values} errors={errors} change={change} check={check} />
      {turnstileSiteKey !== '' && <Turnstile siteKey={turnstileSiteKey} onToken={setTurnstileToken} />}
      {errors['TurnstileToken']?.map((message) => (
        <Alert key={message} variant="error">
          {message}
        </Alert>
      ))}
      {failure !== undefined && <Alert variant="error">{failure}</Alert>}
      <StepActions
        onBack={onBack}
        canContinue={filled(values.FirstName, values.LastName, values.PhoneNumber, values.IdNumber)}
        label="Sign up"
        busy={signUp.isPending}
      />
    </form>
  );
}
