import { Checkbox, TextField } from '@sentinel/ui';
import { validateSignUpEmailStep } from '@sentinel/domain';
import type { StepProps } from './sign-up-form';

/** Step 1: the e-mail address and the consents (terms required, marketing optional). */
export function EmailStep({ values, errors, change, check }: StepProps) {
  return (
    <>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        value={values.Email}
        error={errors['Email']?.[0]}
        onChange={(event) => change({ Email: event.target.value.trim() })}
        onBlur={() => check('Email', validateSignUpEmailStep)}
      />
      <Checkbox
        label="I accept the terms and conditions and the privacy policy"
        checked={values.acceptedTermsAndConditionsAndPolicy}
        onCheckedChange={(checked) => change({ acceptedTermsAndConditionsAndPolicy: checked })}
      />
      {errors['AcceptedTermsAndConditionsAndPolicy']?.map((message) => (
        <p key={message} role="alert" className="sign-up__error">
          {message}
        </p>
      ))}
      <Checkbox
        label="I agree that my information may be used to contact me about products and offers"
        checked={values.acceptedToAllowInformationToBeUsedToContact}
        onCheckedChange={(checked) => change({ acceptedToAllowInformationToBeUsedToContact: checked })}
      />
    </>
  );
}
