import { useMemo } from 'react';
import { createBurnInClient } from '@sentinel/api-sdk';
import { BurnInScreen } from '@sentinel/screens/burn-in';
import { useApiClient } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';

/**
 * /agent/burnin/all: the burn-in bench, the same screen apps/burnin shows, on the burn-in service's
 * own base URL with the signed-in agent's token (refreshed through the app's one api client).
 */
export function BurnInPage() {
  const client = useApiClient();
  const { burnInURL } = useAppSettings();
  const burnIn = useMemo(
    () =>
      createBurnInClient({
        baseUrl: burnInURL,
        accessToken: () => client.auth.freshAccessToken(),
        validateAnswers: import.meta.env.DEV,
      }),
    [client, burnInURL],
  );
  return <BurnInScreen burnIn={burnIn} devices={client.devices} />;
}
