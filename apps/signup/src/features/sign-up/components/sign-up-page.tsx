import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { PageHeader, Stepper } from '@sentinel/ui';
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
import type { StepProps, SignUpValues, StepRules } from './sign-up-form';
import { SIGN_UP_INTRO, SIGN_UP_STEP_TEXT } from './sign-up-steps';
import { StepActions } from './step-actions';

// Only step 1 comes with the page; each later step loads while the one before it is filled in.
const loadPasswordStep = () => import('./password-step');
const loadDetailsForm = () => import('./details-form');
const PasswordStep = lazyComponent(loadPasswordStep, (module) => module.PasswordStep);
// The last step sends the sign-up, so the api services load with it.
const DetailsForm = lazyWithApiServices(loadDetailsForm, (module) => module.DetailsForm);
const STEP_NAMES = SIGN_UP_STEPS.map((step) => SIGN_UP_STEP_TEXT[step].name);
const PRELOAD_NEXT: Partial<Record<SignUpStep, () => Promise<unknown>>> = {
  email: loadPasswordStep,
  password: loadDetailsForm,
};

/** A field's first message; the server names fields in its own case ('email'), the rules in theirs. */
function firstMessage(errors: FieldErrors, field: string): string | undefined {
  const key = Object.keys(errors).find((name) => name.toLowerCase() === field.toLowerCase());
  return key === undefined ? undefined : errors[key]?.[0];
}

/** Sign-up in three steps: email with the consents, password, details; success goes to /verify-account. */
export function SignUpPage() {
  const [step, setStep] = useState<SignUpStep>('email');
  const [values, setValues] = useState<SignUpValues>(EMPTY_SIGN_UP);
  const [errors, setErrors] = useState<FieldErrors>({});
  const index = SIGN_UP_STEPS.indexOf(step);

  useEffect(() => {
    void PRELOAD_NEXT[step]?.();
  }, [step]);

  // The latest values for a blur that follows a change in the same turn of the event loop (the
  // dashboard's forms do the same); a layout effect runs before the browser hands over the next event.
  const latest = useRef(values);
  useLayoutEffect(() => {
    latest.current = values;
  });
  // The rules each field was last checked with, so its message follows the typing after a blur.
  const rulesOf = useRef(new Map<string, StepRules>());

  const change: StepProps['change'] = (next, { recheck = true } = {}) => {
    const updated = { ...latest.current, ...next };
    latest.current = updated;
    setValues(updated);
    const changed = Object.keys(next).map((field) => field.toLowerCase());
    setErrors((current) => {
      const kept = Object.entries(current).flatMap(([field, messages]): [string, string[]][] => {
        if (!changed.includes(field.toLowerCase())) return [[field, messages]];
        const rules = recheck ? rulesOf.current.get(field.toLowerCase()) : undefined;
        const message = rules === undefined ? undefined : firstMessage(rules(updated), field);
        return message === undefined ? [] : [[field, [message]]];
      });
      return Object.fromEntries(kept);
    });
  };
  const check: StepProps['check'] = (field, rules) => {
    rulesOf.current.set(field.toLowerCase(), rules);
    const message = firstMessage(rules(latest.current), field);
    setErrors((current) => {
      const others = Object.entries(current).filter(([key]) => key.toLowerCase() !== field.toLowerCase());
      return Object.fromEntries(message === undefined ? others : [...others, [field, [message]]]);
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
      {step === 'email' && <p className="sign-up__intro">{SIGN_UP_INTRO}</p>}
      <Stepper steps={STEP_NAMES} current={index} label="Sign-up steps" className="sign-up__progress" />
      <p className="sign-up__purpose">{SIGN_UP_STEP_TEXT[step].purpose}</p>
      {/* The screen stays as it is for the moment a step's code takes to arrive. */}
      <Suspense fallback={null}>
        {step === 'details' ? (
          <DetailsForm
            values={values}
            errors={errors}
            change={change}
            check={check}
            onBack={back}
            onErrors={showErrors}
          />
        ) : (
          <form className="sign-up__form" onSubmit={next} noValidate>
            {step === 'email' ? (
              <EmailStep values={values} errors={errors} change={change} check={check} />
            ) : (
              <PasswordStep values={values} errors={errors} change={change} check={check} />
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
