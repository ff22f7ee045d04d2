import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, Logo } from '@sentinel/ui';

/** The sign-in's card: the logo, the step's heading and its form. */
export function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="sign-in-page">
      <Card className="sign-in-page__card">
        <CardHeader className="sign-in-page__header">
          <Logo />
          {/* The page's own heading; CardTitle stops at h2. */}
          <h1 className="sign-in-page__title">{title}</h1>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}
