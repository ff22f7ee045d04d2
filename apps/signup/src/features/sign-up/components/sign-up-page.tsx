import { Suspense, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { PageHeader } from '@sentinel/ui';
import {
  isStrongPassword,
  signUpStepForErrors,
  SIGN_UP_STEPS,
  validateSignUpEmailStep,
  validateSignUpPasswordStep,
} from '@sentinel/domain';
import type { FieldErrors, SignUpStep } from '@sentinel/domain';
import { lazyComponent, lazyWithApiServices } from '../../../lib/lazy-component';
import { EmailStep } from './email-step';
import { EMPTY_SIGN_UP, filled } from './sign-up-form';
import type { SignUpValues } from './sign-up-form';
import { StepActions } from './step-actions';

// Only step 1 comes with the page; each later step loads while the one before it is filled in.
const loadPasswordStep = () => import('./password-step');
const loadDetailsForm = () => import('./details-form');
const PasswordStep = lazyComponent(loadPasswordStep, (module) => module.PasswordStep);
// The last step sends the sign-up, so the api services load with it.
const DetailsForm = lazyWithApiServices(loadDetailsForm, (module) => module.DetailsForm);
const PRELOAD_NEXT: Partial<Record<SignUpStep, () => Promise<unknown>>> = {
  email: loadPasswordStep,
  password: loadDetailsForm,
};

/** Sign-up in three steps: email with the consents, password, details; success goes to /verify-account. */
export function SignUpPage() {
  const [step, setStep] = useState<SignUpStep>('email');
  const [values, setValues] = useState<SignUpValues>(EMPTY_SIGN_UP);
  const [errors, setErrors] = useState<FieldErrors>({});
  const index = SIGN_UP_STEPS.indexOf(step);

  useEffect(() => {
    void PRELOAD_NEXT[step]?.();
  }, [step]);

  const change = (next: Partial<SignUpValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const changed = Object.keys(next).map((field) => field.toLowerCase());
      return Object.fromEntries(
        Object.entries(current).filter(([field]) => !changed.includes(field.toLowerCase())),
      );
    });
  };
  const back = () => setStep(SIGN_UP_STEPS[index - 1] ?? 'email');
  // The details step's own errors keep it; a refused sign-up returns to the step of its first field.
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    setStep(signUpStepForErrors(next));
  };

  // Steps 1 and 2: check the step with the domain rules (the server's), then go on.
  const next = (event: FormEvent) => {
    event.preventDefault();
    const stepErrors =
      step === 'email' ? validateSignUpEmailStep(values) : validateSignUpPasswordStep(values);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length === 0) setStep(SIGN_UP_STEPS[index + 1] ?? step);
  };

  return (
    <main className="sign-up">
      <PageHeader title="Sign up" />
      <p className="sign-up__progress">
        Step {index + 1} of {SIGN_UP_STEPS.length}
      </p>
      {/* The screen stays as it is for the moment a step's code takes to arrive. */}
      <Suspense fallback={null}>
        {step === 'details' ? (
          <DetailsForm values={values} errors={errors} change={change} onBack={back} onErrors={showErrors} />
        ) : (
          <form className="sign-up__form" onSubmit={next} noValidate>
            {step === 'email' ? (
              <EmailStep values={values} errors={errors} change={change} />
            ) : (
              <PasswordStep values={values} errors={errors} change={change} />
            )}
            <StepActions
              onBack={step === 'email' ? undefined : back}
              canContinue={
                step === 'email'
                  ? filled(values.Email) && values.acceptedTermsAndConditionsAndPolicy
                  : isStrongPassword(values.Password)
              }
              label="Next"
            />
          </form>
        )}
      </Suspense>
    </main>
  );
}
