import { SignInCard } from './sign-in-card';
import { SignInForm } from './sign-in-form';

export function SignInPage() {
  return (
    <SignInCard title="Sign in">
      <SignInForm />
    </SignInCard>
  );
}
