import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@sentinel/api-sdk';
import { Alert, Button, PageHeader } from '@sentinel/ui';
import {
  isStrongPassword,
  PATHS,
  signUpStepForErrors,
  SIGN_UP_STEPS,
  validateSignUpDetailsStep,
  validateSignUpEmailStep,
  validateSignUpPasswordStep,
} from '@sentinel/domain';
import type { FieldErrors, SignUpStep } from '@sentinel/domain';
import { useAppSettings } from '../../../lib/app-settings';
import { keepPhoneVerification } from '../../../lib/phone-verification';
import { useSignUpMutation } from '../api/sign-up-mutations';
import { DetailsStep } from './details-step';
import { EmailStep } from './email-step';
import { PasswordStep } from './password-step';
import { EMPTY_SIGN_UP } from './sign-up-form';
import type { SignUpValues } from './sign-up-form';
import { Turnstile } from './turnstile';

const STEP_CHECKS: Record<SignUpStep, (values: SignUpValues) => FieldErrors> = {
  email: validateSignUpEmailStep,
  password: validateSignUpPasswordStep,
  details: validateSignUpDetailsStep,
};

const filled = (...texts: string[]) => texts.every((text) => text.trim() !== '');

/** Whether a step's button is enabled (spec part 2 §5: what each step needs). */
function canContinue(step: SignUpStep, values: SignUpValues): boolean {
  if (step === 'email') return filled(values.Email) && values.acceptedTermsAndConditionsAndPolicy;
  if (step === 'password') return isStrongPassword(values.Password);
  return filled(values.FirstName, values.LastName, values.PhoneNumber, values.IdNumber);
}

/** Sign-up in three steps: email with the consents, password, details; success goes to /verify-account. */
export function SignUpPage() {
  const navigate = useNavigate();
  const { turnstileSiteKey } = useAppSettings();
  const signUp = useSignUpMutation();
  const [step, setStep] = useState<SignUpStep>('email');
  const [values, setValues] = useState<SignUpValues>(EMPTY_SIGN_UP);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [turnstileToken, setTurnstileToken] = useState('');
  const [failure, setFailure] = useState<string | undefined>();
  const index = SIGN_UP_STEPS.indexOf(step);

  const change = (next: Partial<SignUpValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const changed = Object.keys(next).map((field) => field.toLowerCase());
      return Object.fromEntries(
        Object.entries(current).filter(([field]) => !changed.includes(field.toLowerCase())),
      );
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const stepErrors = STEP_CHECKS[step](values);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length > 0) return;
    const next = SIGN_UP_STEPS[index + 1];
    if (next !== undefined) {
      setStep(next);
      return;
    }
    setFailure(undefined);
    signUp.mutate(
      { ...values, PhoneCode: '27', ...(turnstileToken === '' ? {} : { turnstileToken }) },
      {
        onSuccess: (verification) => {
          keepPhoneVerification(verification);
          void navigate(PATHS.verifyAccount);
        },
        onError: (error) => {
          const fieldErrors = isApiError(error) ? (error.body?.errors ?? {}) : {};
          if (Object.keys(fieldErrors).length === 0) {
            setFailure(
              isApiError(error) ? error.message : 'Unfortunately the request failed without any good reason.',
            );
            return;
          }
          setErrors(fieldErrors);
          setStep(signUpStepForErrors(fieldErrors));
        },
      },
    );
  };

  return (
    <main className="sign-up">
      <PageHeader title="Sign up" />
      <p className="sign-up__progress">
        Step {index + 1} of {SIGN_UP_STEPS.length}
      </p>
      <form className="sign-up__form" onSubmit={submit} noValidate>
        {step === 'email' && <EmailStep values={values} errors={errors} change={change} />}
        {step === 'password' && <PasswordStep values={values} errors={errors} change={change} />}
        {step === 'details' && <DetailsStep values={values} errors={errors} change={change} />}
        {step === 'details' && turnstileSiteKey !== '' && (
          <Turnstile siteKey={turnstileSiteKey} onToken={setTurnstileToken} />
        )}
        {errors['TurnstileToken']?.map((message) => (
          <Alert key={message} variant="error">
            {message}
          </Alert>
        ))}
        {failure !== undefined && <Alert variant="error">{failure}</Alert>}
        <div className="sign-up__actions">
          {index > 0 && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => setStep(SIGN_UP_STEPS[index - 1] ?? 'email')}
            >
              Back
            </Button>
          )}
          <Button
            type="submit"
            disabled={!canContinue(step, values)}
            busy={signUp.isPending}
            busyLabel="Submitting"
          >
            {step === 'details' ? 'Sign up' : 'Next'}
          </Button>
        </div>
      </form>
    </main>
  );
}
