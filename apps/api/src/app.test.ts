import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build } from './index';

describe('the api over a real socket', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = await build({ seed: true });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers GET /health', async () => {
    const response = await fetch(`${base}/health`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('lets the dashboard on another localhost port send an Authorization header', async () => {
    const response = await fetch(`${base}/Roles`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it.each(['PUT', 'DELETE'])('lets the dashboard send %s, as lock, unlock and edits do', async (method) => {
    const response = await fetch(`${base}/Vehicles/1/Lock`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': method },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')?.split(/,\s*/)).toContain(method);
  });

  it('does not grant other origins', async () => {
    const response = await fetch(`${base}/health`, { headers: { origin: 'https://elsewhere.example' } });

    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('signs in from a browser-like request with CORS headers on the answer', async () => {
    const response = await fetch(`${base}/Auth/SignInByEmail`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:5174', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'company.admin@sentinel.demo', password: 'Sentinel#Company1' }),
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5174');
    expect(await response.json()).toMatchObject({ userRole: 'Company-Admin' });
  });

  it('answers unknown routes with a 404 ProblemDetails', async () => {
    const response = await fetch(`${base}/Nothing/Here`);

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ title: 'Not Found', status: 404 });
  });
});

describe('CORS origins given explicitly', () => {
  it('grants exactly the listed origins', async () => {
    const app = await build({ corsOrigins: ['https://dashboard.sentinel.example'] });
    try {
      const listed = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { origin: 'https://dashboard.sentinel.example' },
      });
      const localhost = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { origin: 'http://localhost:5173' },
      });

      expect(listed.headers['access-control-allow-origin']).toBe('https://dashboard.sentinel.example');
      expect(localhost.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('GET /openapi.json', () => {
  it('documents every route with its schemas and the bearer scheme', async () => {
    const app = await build();
    try {
      const response = await app.inject({ method: 'GET', url: '/openapi.json' });

      expect(response.statusCode).toBe(200);
      const document = response.json<{
        openapi: string;
        paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>>;
        components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
      }>();
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths).sort()).toEqual([
        '/Alarms',
        '/Alarms/Figures',
        '/Alarms/Figures.csv',
        '/Alarms/{id}',
        '/Alarms/{id}/Acknowledge',
        '/Alarms/{id}/Escalate',
        '/Alarms/{id}/Notes',
        '/Alarms/{id}/Resolve',
        '/Alarms/{id}/ShareLinks',
        '/AuditLog',
        '/Auth/CompletePasswordReset',
        '/Auth/ConfirmPhone',
        '/Auth/Logout',
        '/Auth/RefreshTokens',
        '/Auth/ResendPhoneConfirmation',
        '/Auth/SecondFactor/Passkey',
        '/Auth/SecondFactor/Passkey/Options',
        '/Auth/SecondFactor/Passkey/Register',
        '/Auth/SecondFactor/Passkey/RegistrationOptions',
        '/Auth/SecondFactor/RecoveryCode',
        '/Auth/SecondFactor/Totp',
        '/Auth/SecondFactor/Totp/Confirm',
        '/Auth/SecondFactor/Totp/Enrol',
        '/Auth/SignInByEmail',
        '/Auth/SignUp',
        '/Auth/StartPasswordReset',
        '/Auth/VerifyPasswordReset',
        '/BreachIncidents',
        '/BreachIncidents/Csv',
        '/BreachIncidents/{id}',
        '/Companies',
        '/Companies/{companyId}',
        '/Companies/{companyId}/AddCompanyUser',
        '/Companies/{companyId}/CompanyUsers',
        '/Companies/{companyId}/CompanyUsers/{userId}',
        '/DataAccessRequests/{token}/Download',
        '/Devices',
        '/Devices/{serialNumber}/Commands',
        '/Devices/{serialNumber}/Commands/{commandId}/Ack',
        '/Devices/{serialNumber}/IngestKey',
        '/Devices/{serialNumber}/Telemetry',
        '/Devices/{serialNumber}/Telemetry/Batch',
        '/Devices/{serialNumber}/TestCommands',
        '/Devices/{serialNumber}/TestCommands/{commandId}',
        '/Drivers',
        '/Drivers/{id}',
        '/FitmentCenters',
        '/FitmentCenters/{id}/Availability',
        '/Gateway/Commands/Poll',
        '/Geofences',
        '/Geofences/Preview',
        '/Geofences/{id}',
        '/Imports',
        '/Imports/Template',
        '/Imports/{id}',
        '/Imports/{id}/Cancel',
        '/Imports/{id}/Errors/Csv',
        '/Imports/{id}/Mapping',
        '/Imports/{id}/Report/Csv',
        '/Imports/{id}/Rows',
        '/Imports/{id}/Start',
        '/InstallationBookings',
        '/InstallationBookings/{id}',
        '/My/CreatePassword',
        '/My/Device/GetDeviceStatusInfo',
        '/My/Offline_Subscription',
        '/My/Panic',
        '/My/PushSubscriptions',
        '/My/PushSubscriptions/Key',
        '/My/RecoveryCodes',
        '/My/SecondFactors',
        '/My/SecondFactors/Passkeys',
        '/My/SecondFactors/Passkeys/RegistrationOptions',
        '/My/SecondFactors/Passkeys/{id}',
        '/My/SecondFactors/Totp',
        '/My/SecondFactors/Totp/Confirm',
        '/My/SecondFactors/Totp/Enrol',
        '/My/Sessions',
        '/My/Sessions/EndOthers',
        '/My/Sessions/{id}',
        '/My/StepUp/Passkey',
        '/My/StepUp/Passkey/Options',
        '/My/StepUp/RecoveryCode',
        '/My/StepUp/Totp',
        '/My/UpdatePassword',
        '/Payments/Notifications',
        '/Regions',
        '/Roles',
        '/ShareLinks/{id}/Revoke',
        '/Shared/{token}',
        '/Sms/DeliveryReports/{token}',
        '/SubscriptionPlans',
        '/Subscriptions',
        '/Subscriptions/{id}/FirstPaymentRetry',
        '/Users',
        '/Users/AccountHolder',
        '/Users/ResendPasswordCreationLink',
        '/Users/{id}',
        '/Users/{id}/DataAccessRequests',
        '/Users/{id}/EndSessions',
        '/Users/{id}/Erase',
        '/Users/{id}/EscalationContacts',
        '/Users/{id}/LegalHold',
        '/Users/{id}/NotificationPreferences',
        '/Users/{id}/ResetSecondFactors',
        '/Users/{id}/Sessions',
        '/VehicleTypes/Search',
        '/Vehicles',
        '/Vehicles/{id}/AlertAura',
        '/Vehicles/{id}/AlertCapitalAir',
        '/Vehicles/{id}/Arm',
        '/Vehicles/{id}/ArmingSchedule',
        '/Vehicles/{id}/ChangeLinkedDevice',
        '/Vehicles/{id}/Commands',
        '/Vehicles/{id}/Commands/{commandId}/Cancel',
        '/Vehicles/{id}/Commands/{commandId}/SendNow',
        '/Vehicles/{id}/Disarm',
        '/Vehicles/{id}/EndSubscription',
        '/Vehicles/{id}/History',
        '/Vehicles/{id}/History/Csv',
        '/Vehicles/{id}/LinkDeviceFree',
        '/Vehicles/{id}/Lock',
        '/Vehicles/{id}/Replay/Fixes',
        '/Vehicles/{id}/Replay/Trips',
        '/Vehicles/{id}/Unlock',
        '/health',
        '/health/live',
        '/health/ready',
      ]);
      // /Dev/Outbox exists only when build({ devOutbox: true }).
      expect(document.paths['/Auth/SignInByEmail']?.['post']?.requestBody).toBeDefined();
      expect(document.paths['/Roles']?.['get']?.security).toEqual([{ bearer: [] }]);
      expect(document.components.schemas).toHaveProperty('ProblemDetails');
      expect(document.components.schemas).toHaveProperty('Vehicle');
      expect(document.components.schemas).toHaveProperty('ArmingSchedule');
      expect(document.components.schemas).toHaveProperty('ArmingStatus');
      expect(document.components.schemas).toHaveProperty('User');
      expect(document.components.securitySchemes).toHaveProperty('bearer');
    } finally {
      await app.close();
    }
  });
});
