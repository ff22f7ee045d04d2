// The page another team writes first with Sentinel's packages: sign in, list the clients through
// the SDK, and show a vehicle card that follows the vehicle's live position.
import '@sentinel/ui/styles.css';
import './example.css';
import { StrictMode, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient, createLiveClient, eq, isApiError, loadAppSettings } from '@sentinel/api-sdk';
import type {
  LiveConnectionState,
  SignInByEmailResponse,
  User,
  UserListFields,
  Vehicle,
} from '@sentinel/api-sdk';
import { badgeState } from '@sentinel/domain';
import { Alert, Button, PageHeader, Switch, TextField, VehicleCard } from '@sentinel/ui';

const settings = await loadAppSettings(); // ./appsettings.json: { "baseURL": "http://localhost:5080" }

// One client per app: it keeps the session, refreshes the access token when it expires and
// ends the session when the refresh is refused.
let signedIn: SignInByEmailResponse | null = null;
const api = createApiClient({
  baseUrl: settings.baseURL,
  session: {
    get: () => signedIn,
    set: (user) => (signedIn = user),
    clear: () => (signedIn = null),
  },
  onLogout: () => window.location.reload(),
});

function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      signedIn = await api.auth.signInByEmail({
        email: String(form.get('email')),
        password: String(form.get('password')),
      });
      onSignedIn();
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'The server could not be reached');
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="example-form">
      <TextField label="Email" name="email" type="email" autoComplete="username" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      {error !== null && <Alert variant="error">{error}</Alert>}
      <Button type="submit">Sign in</Button>
    </form>
  );
}

function LiveVehicle({ vehicle }: { vehicle: Vehicle }) {
  const [state, setState] = useState<LiveConnectionState>('Disconnected');
  const [position, setPosition] = useState(
    vehicle.lastKnownGpsLatitudeDegrees !== null && vehicle.lastKnownGpsLongitudeDegrees !== null
      ? { latitude: vehicle.lastKnownGpsLatitudeDegrees, longitude: vehicle.lastKnownGpsLongitudeDegrees }
      : null,
  );
  useEffect(() => {
    // The hub asks the client for its token on every (re)connect, through the same refresh.
    const live = createLiveClient({
      baseUrl: settings.baseURL,
      accessToken: () => api.auth.freshAccessToken(),
    });
    live.onStateChange(setState);
    live.onGpsLocation((fix) => {
      if (fix.vehicleId === vehicle.id)
        setPosition({ latitude: fix.latitudeDegrees, longitude: fix.longitudeDegrees });
    });
    void live.start();
    return () => void live.stop();
  }, [vehicle.id]);
  const latestEntry =
    vehicle.latestHistoryType === null
      ? null
      : { type: vehicle.latestHistoryType, isLocked: vehicle.latestHistoryIsLocked };
  return (
    <section aria-label="Live vehicle">
      <p>Live updates: {state}</p>
      <VehicleCard
        title={vehicle.nickname ?? vehicle.make}
        registrationNumber={vehicle.registrationNumber}
        badge={badgeState({ hasDevice: vehicle.deviceId !== null, latestEntry })}
        deviceSerialNumber={vehicle.deviceSerialNumber}
        coordinates={position}
        alert={vehicle.tamperActive}
        isLocked={vehicle.isLocked}
        onLock={() => void api.vehicles.lock(vehicle.id, { reason: 'CustomerRequest' })}
        onUnlock={() => void api.vehicles.unlock(vehicle.id)}
        onAlertAura={async () => void (await api.vehicles.alertAura(vehicle.id))}
        onAlertCapitalAir={async () => void (await api.vehicles.alertCapitalAir(vehicle.id))}
      />
    </section>
  );
}

function Clients() {
  const [clients, setClients] = useState<User[] | null>(null);
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  useEffect(() => {
    void api.users
      .list({ filter: eq<UserListFields>('role', 'Account-Holder'), pageSize: 10 })
      .then((page) => setClients(page.items));
    void api.vehicles.list({ pageSize: 50 }).then((page) => {
      setVehicle(page.items.find((item) => item.deviceId !== null) ?? null);
    });
  }, []);
  return (
    <>
      <h2>Clients</h2>
      {clients === null ? (
        <p>Loading clients</p>
      ) : (
        <ul aria-label="Clients">
          {clients.map((client) => (
            <li key={client.id}>
              {client.firstName} {client.lastName}
            </li>
          ))}
        </ul>
      )}
      {vehicle !== null && <LiveVehicle vehicle={vehicle} />}
    </>
  );
}

function App() {
  const [isSignedIn, setSignedIn] = useState(false);
  const [dark, setDark] = useState(false);
  useEffect(() => {
    // The kit's dark theme is a set of token overrides under data-theme="dark".
    document.documentElement.dataset['theme'] = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    <main className="example-page">
      <PageHeader
        title="Fleet"
        actions={<Switch label="Dark theme" checked={dark} onCheckedChange={setDark} />}
      />
      {isSignedIn ? <Clients /> : <SignIn onSignedIn={() => setSignedIn(true)} />}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
