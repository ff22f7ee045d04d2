import { Card, CardContent, CardHeader, Logo } from '@sentinel/ui';
import { SignInForm } from './sign-in-form';

export function SignInPage() {
  return (
    <main className="sign-in-page">
      <Card className="sign-in-page__card">
        <CardHeader className="sign-in-page__header">
          <Logo />
          {/* The page's own heading; CardTitle stops at h2. */}
          <h1 className="sign-in-page__title">Sign in</h1>
        </CardHeader>
        <CardContent>
          <SignInForm />
        </CardContent>
      </Card>
    </main>
  );
}
