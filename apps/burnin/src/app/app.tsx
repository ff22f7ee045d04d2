import { StrictMode, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PRODUCT_NAME } from '@sentinel/domain';
import type { AppSettings } from '@sentinel/api-sdk';
import { Logo, PageHeader } from '@sentinel/ui';
import { createQueryClient } from './query-client';

export const BENCH_TITLE = 'Burn-in bench';

/**
 * The technicians' bench on its own. The bench screen itself (devices, stations, tests against
 * settings.burnInURL) is shared with the dashboard's /agent/burnin and comes in a later issue.
 */
export function App({ settings }: { settings: AppSettings }) {
  // One cache for the app's life; the bench's server data will live in it.
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    document.title = `${BENCH_TITLE} | ${PRODUCT_NAME}`;
  }, []);

  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <header className="bench-header">
          <Logo />
        </header>
        <main className="bench-content">
          <PageHeader title={BENCH_TITLE} />
          {/* Which test runner this bench talks to, so a technician can tell benches apart. */}
          <p className="bench-content__runner">Test runner: {settings.burnInURL}</p>
        </main>
      </QueryClientProvider>
    </StrictMode>
  );
}
