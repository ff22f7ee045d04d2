import { lazy, StrictMode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BURN_IN_TITLE, PRODUCT_NAME } from '@sentinel/domain';
import { createApiClient, createBurnInClient } from '@sentinel/api-sdk';
import type { AppSettings } from '@sentinel/api-sdk';
import { Button, Logo, Spinner } from '@sentinel/ui';
import { createQueryClient } from '@sentinel/screens/query-client';
import { createSession } from './session';
import type { BenchSession } from './session';
import { SignInPage } from './sign-in-page';

// The bench loads after sign-in, so the sign-in page is all a first visit downloads.
const BurnInScreen = lazy(async () => ({
  default: (await import('@sentinel/screens/burn-in')).BurnInScreen,
}));

/** The app's clients, made once: one api client, so token refreshes are single-flight. */
function createClients(settings: AppSettings, session: BenchSession) {
  const queryClient = createQueryClient();
  const client = createApiClient({
    baseUrl: settings.baseURL,
    session,
    // A refused refresh ends the session: back to sign-in, with nothing of the bench cached.
    onLogout: () => queryClient.clear(),
    validateAnswers: import.meta.env.DEV,
  });
  const burnIn = createBurnInClient({
    baseUrl: settings.burnInURL,
    accessToken: () => client.auth.freshAccessToken(),
    validateAnswers: import.meta.env.DEV,
  });
  return { queryClient, client, burnIn };
}

/** The technicians' bench on its own: its own sign-in, then the bench screen. */
export function App({ settings, session: given }: { settings: AppSettings; session?: BenchSession }) {
  const [session] = useState(() => given ?? createSession());
  const [{ queryClient, client, burnIn }] = useState(() => createClients(settings, session));
  const user = useSyncExternalStore(session.subscribe, session.get);
  useEffect(() => {
    document.title = `${BURN_IN_TITLE} | ${PRODUCT_NAME}`;
  }, []);

  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {user === null ? (
          <SignInPage client={client} onSignedIn={session.set} />
        ) : (
          <>
            <header className="bench-header">
              <Logo />
              <Button
                variant="ghost"
                className="bench-header__logout"
                onClick={() => {
                  session.clear();
                  queryClient.clear();
                }}
              >
                Log out
              </Button>
            </header>
            <main className="bench-content">
              <Suspense fallback={<Spinner label="Loading the bench" />}>
                <BurnInScreen burnIn={burnIn} devices={client.devices} />
              </Suspense>
            </main>
          </>
        )}
      </QueryClientProvider>
    </StrictMode>
  );
}
