/*
 * Who reaches what: every route of the OpenAPI document, called by each kind of caller, against a
 * resource inside company A (Karoo Logistics) and one outside it (inside company B, Mzansi
 * Couriers). MATRIX below is the one statement of the expected status of every cell; the api
 * README prints it, and a test checks the README still does. A route added to the document
 * without a row fails here, so every new route is classified.
 *
 * A list call filtered to one resource answers 200 whether or not the caller may see it; the
 * cell then reads '200' when the resource is listed and '200 none' when the caller's scope
 * hides it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Page } from '@sentinel/domain';
import { build, DEMO_SIGN_INS } from '../index';
import { hashPassword } from '../auth/passwords';

/** A day of trip replay. */
const REPLAY_PERIOD = 'from=2026-03-01T22:00:00Z&to=2026-03-02T22:00:00Z';

type Caller =
  'Admin' | 'Technical-Agent' | 'Company-Admin A' | 'Company-Admin B' | 'Account-Holder' | 'no token';
const CALLERS: readonly Caller[] = [
  'Admin',
  'Technical-Agent',
  'Company-Admin A',
  'Company-Admin B',
  'Account-Holder',
  'no token',
];

/** Where the resource of the request lives: company A, company B, or nowhere in particular. */
type Place = 'A' | 'B' | '-';
type Expected = number | '200 none';
type MatrixRow = readonly [route: string, place: Place, ...expected: Expected[]];

// prettier-ignore
const MATRIX: readonly MatrixRow[] = [
  // route                                              place Admin  Tech   CA-A        CA-B        Holder no token
  ['GET /health',                                        '-', 200,   200,   200,        200,        200,   200],
  ['GET /health/live',                                   '-', 200,   200,   200,        200,        200,   200],
  ['GET /health/ready',                                  '-', 200,   200,   200,        200,        200,   200],
  ['POST /Auth/SignInByEmail',                           '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/RefreshTokens',                           '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/Logout',                                  '-', 400,   400,   400,        400,        400,   400],
  ['GET /Roles',                                         '-', 200,   200,   200,        200,        403,   401],
  ['POST /Auth/SignUp',                                  '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/ConfirmPhone',                            '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/ResendPhoneConfirmation',                 '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/StartPasswordReset',                      '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/VerifyPasswordReset',                     '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/CompletePasswordReset',                   '-', 400,   400,   400,        400,        400,   400],
  ['POST /My/CreatePassword',                            '-', 400,   400,   400,        400,        400,   400],
  ['POST /My/UpdatePassword',                            '-', 400,   400,   400,        400,        400,   401],
  ['GET /Users',                                         'A', 200,   200,   200,        '200 none', 403,   401],
  ['GET /Users',                                         'B', 200,   200,   '200 none', 200,        403,   401],
  ['POST /Users',                                        '-', 400,   400,   403,        403,        403,   401],
  ['POST /Users/AccountHolder',                          '-', 400,   400,   403,        403,        403,   401],
  ['PUT /Users/{id}',                                    'A', 200,   200,   200,        404,        403,   401],
  ['PUT /Users/{id}',                                    'B', 200,   200,   404,        200,        403,   401],
  ['POST /Users/ResendPasswordCreationLink',             'A', 200,   200,   200,        404,        403,   401],
  ['POST /Users/ResendPasswordCreationLink',             'B', 200,   200,   404,        200,        403,   401],
  ['GET /Users/{id}/EscalationContacts',                 'A', 200,   200,   200,        404,        403,   401],
  ['GET /Users/{id}/EscalationContacts',                 'B', 200,   200,   404,        200,        403,   401],
  ['PUT /Users/{id}/EscalationContacts',                 'A', 200,   200,   200,        404,        403,   401],
  ['PUT /Users/{id}/EscalationContacts',                 'B', 200,   200,   404,        200,        403,   401],
  ['GET /Users/{id}/NotificationPreferences',            'A', 200,   200,   200,        404,        403,   401],
  ['GET /Users/{id}/NotificationPreferences',            'B', 200,   200,   404,        200,        403,   401],
  ['PUT /Users/{id}/NotificationPreferences',            'A', 200,   200,   200,        404,        403,   401],
  ['PUT /Users/{id}/NotificationPreferences',            'B', 200,   200,   404,        200,        403,   401],
  ['PUT /Drivers/{id}',                                  'A', 200,   200,   200,        404,        403,   401],
  ['PUT /Drivers/{id}',                                  'B', 200,   200,   404,        200,        403,   401],
  ['POST /Drivers',                                      'A', 200,   200,   200,        404,        403,   401],
  ['POST /Drivers',                                      'B', 200,   200,   404,        200,        403,   401],
  ['GET /Vehicles',                                      'A', 200,   200,   200,        '200 none', 403,   401],
  ['GET /Vehicles',                                      'B', 200,   200,   '200 none', 200,        403,   401],
  ['POST /Vehicles',                                     'A', 200,   200,   200,        404,        403,   401],
  ['POST /Vehicles',                                     'B', 200,   200,   404,        200,        403,   401],
  ['PUT /Vehicles/{id}/Lock',                            'A', 202,   202,   202,        404,        403,   401],
  ['PUT /Vehicles/{id}/Lock',                            'B', 202,   202,   404,        202,        403,   401],
  ['PUT /Vehicles/{id}/Unlock',                          'A', 202,   202,   202,        404,        403,   401],
  ['PUT /Vehicles/{id}/Unlock',                          'B', 202,   202,   404,        202,        403,   401],
  ['PUT /Vehicles/{id}/Arm',                             'A', 200,   200,   200,        404,        404,   401],
  ['PUT /Vehicles/{id}/Arm',                             'B', 200,   200,   404,        200,        404,   401],
  ['PUT /Vehicles/{id}/Disarm',                          'A', 200,   200,   200,        404,        404,   401],
  ['PUT /Vehicles/{id}/Disarm',                          'B', 200,   200,   404,        200,        404,   401],
  ['PUT /Vehicles/{id}/ArmingSchedule',                  'A', 200,   200,   200,        404,        404,   401],
  ['PUT /Vehicles/{id}/ArmingSchedule',                  'B', 200,   200,   404,        200,        404,   401],
  ['DELETE /Vehicles/{id}/ArmingSchedule',               'A', 200,   200,   200,        404,        404,   401],
  ['DELETE /Vehicles/{id}/ArmingSchedule',               'B', 200,   200,   404,        200,        404,   401],
  ['GET /Vehicles/{id}/Commands',                        'A', 200,   200,   200,        404,        403,   401],
  ['GET /Vehicles/{id}/Commands',                        'B', 200,   200,   404,        200,        403,   401],
  ['POST /Vehicles/{id}/Commands/{commandId}/Cancel',    'A', 404,   404,   404,        404,        403,   401],
  ['POST /Vehicles/{id}/Commands/{commandId}/SendNow',   'A', 404,   404,   404,        404,        403,   401],
  ['POST /Vehicles/{id}/AlertAura',                      'A', 200,   200,   200,        404,        403,   401],
  ['POST /Vehicles/{id}/AlertAura',                      'B', 200,   200,   404,        200,        403,   401],
  ['POST /Vehicles/{id}/AlertCapitalAir',                'A', 200,   200,   200,        404,        403,   401],
  ['POST /Vehicles/{id}/AlertCapitalAir',                'B', 200,   200,   404,        200,        403,   401],
  ['POST /Vehicles/{id}/ChangeLinkedDevice',             'A', 400,   400,   403,        403,        403,   401],
  ['GET /Vehicles/{id}/History',                         'A', 200,   200,   200,        404,        403,   401],
  ['GET /Vehicles/{id}/History',                         'B', 200,   200,   404,        200,        403,   401],
  ['GET /Vehicles/{id}/History/Csv',                     'A', 200,   200,   200,        404,        403,   401],
  ['GET /Vehicles/{id}/History/Csv',                     'B', 200,   200,   404,        200,        403,   401],
  ['GET /Vehicles/{id}/Replay/Fixes',                    'A', 200,   200,   200,        404,        403,   401],
  ['GET /Vehicles/{id}/Replay/Fixes',                    'B', 200,   200,   404,        200,        403,   401],
  ['GET /Vehicles/{id}/Replay/Trips',                    'A', 200,   200,   200,        404,        403,   401],
  ['GET /Vehicles/{id}/Replay/Trips',                    'B', 200,   200,   404,        200,        403,   401],
  ['GET /VehicleTypes/Search',                           '-', 200,   200,   200,        200,        403,   401],
  ['GET /Devices',                                       '-', 200,   200,   403,        403,        403,   401],
  ['POST /Devices',                                      '-', 201,   201,   403,        403,        403,   401],
  ['POST /My/Device/GetDeviceStatusInfo',                'A', 200,   200,   200,        404,        403,   401],
  ['POST /My/Device/GetDeviceStatusInfo',                'B', 200,   200,   404,        200,        403,   401],
  ['POST /Devices/{serialNumber}/IngestKey',             'A', 200,   200,   403,        403,        403,   401],
  ['POST /Devices/{serialNumber}/TestCommands',          'A', 409,   409,   403,        403,        403,   401],
  ['GET /Devices/{serialNumber}/TestCommands/{commandId}', 'A', 404, 404,   403,        403,        403,   401],
  ['POST /Devices/{serialNumber}/Telemetry',             'A', 401,   401,   401,        401,        401,   401],
  ['POST /Devices/{serialNumber}/Telemetry/Batch',       'A', 401,   401,   401,        401,        401,   401],
  ['GET /Devices/{serialNumber}/Commands',              'A', 401,   401,   401,        401,        401,   401],
  ['POST /Devices/{serialNumber}/Commands/{commandId}/Ack', 'A', 401, 401, 401,       401,        401,   401],
  ['POST /Gateway/Commands/Poll',                        '-', 401,   401,   401,        401,        401,   401],
  ['GET /SubscriptionPlans',                             '-', 200,   200,   200,        200,        403,   401],
  ['GET /Companies',                                     'A', 200,   200,   200,        '200 none', 403,   401],
  ['GET /Companies',                                     'B', 200,   200,   '200 none', 200,        403,   401],
  ['POST /Companies',                                    '-', 200,   200,   403,        403,        403,   401],
  ['GET /Companies/{companyId}/CompanyUsers',            'A', 200,   200,   200,        404,        403,   401],
  ['GET /Companies/{companyId}/CompanyUsers',            'B', 200,   200,   404,        200,        403,   401],
  ['POST /Companies/{companyId}/AddCompanyUser',         'A', 400,   400,   403,        403,        403,   401],
  ['DELETE /Companies/{companyId}',                      'A', 400,   400,   403,        403,        403,   401],
  ['DELETE /Companies/{companyId}/CompanyUsers/{userId}', 'A', 404,  404,   403,        403,        403,   401],
  ['GET /Regions', '-', 200, 200, 200, 200, 403, 401],
  ['GET /FitmentCenters', '-', 200, 200, 200, 200, 403, 401],
  ['GET /FitmentCenters/{id}/Availability', '-', 200, 200, 200, 200, 403, 401],
  ['POST /InstallationBookings', 'A', 400, 400, 400, 404, 403, 401],
  ['POST /InstallationBookings', 'B', 400, 400, 404, 400, 403, 401],
  ['PUT /InstallationBookings/{id}', '-', 404, 404, 404, 404, 403, 401],
  ['POST /Vehicles/{id}/LinkDeviceFree', 'A', 400, 400, 400, 404, 403, 401],
  ['POST /Vehicles/{id}/LinkDeviceFree', 'B', 400, 400, 404, 400, 403, 401],
  ['POST /Subscriptions', 'A', 400, 400, 400, 404, 403, 401],
  ['POST /Subscriptions', 'B', 400, 400, 404, 400, 403, 401],
  ['POST /My/Offline_Subscription', 'A', 400, 400, 400, 404, 403, 401],
  ['POST /My/Offline_Subscription', 'B', 400, 400, 404, 400, 403, 401],
  ['POST /Subscriptions/{id}/FirstPaymentRetry', '-', 404, 404, 404, 404, 403, 401],
  ['POST /Payments/Notifications', '-', 401, 401, 401, 401, 401, 401],
  ['GET /Imports/Template', '-', 200, 403, 200, 200, 403, 401],
  ['POST /Imports', 'A', 400, 403, 400, 400, 403, 401],
  ['GET /Imports/{id}', '-', 404, 403, 404, 404, 403, 401],
  ['PUT /Imports/{id}/Mapping', '-', 404, 403, 404, 404, 403, 401],
  ['GET /Imports/{id}/Rows', '-', 404, 403, 404, 404, 403, 401],
  ['GET /Imports/{id}/Errors/Csv', '-', 404, 403, 404, 404, 403, 401],
  ['GET /Imports/{id}/Report/Csv', '-', 404, 403, 404, 404, 403, 401],
  ['POST /Imports/{id}/Start', '-', 404, 403, 404, 404, 403, 401],
  ['POST /Imports/{id}/Cancel', '-', 404, 403, 404, 404, 403, 401],
  ['GET /Alarms',                                        '-', 200,   200,   200,        200,        403,   401],
  ['GET /Alarms/{id}',                                   'A', 200,   200,   200,        404,        403,   401],
  ['GET /Alarms/{id}',                                   'B', 200,   200,   404,        200,        403,   401],
  ['POST /Alarms/{id}/Acknowledge',                      'A', 409,   409,   409,        404,        403,   401],
  ['POST /Alarms/{id}/Acknowledge',                      'B', 409,   409,   404,        409,        403,   401],
  ['POST /Alarms/{id}/Escalate',                         'A', 409,   409,   409,        404,        403,   401],
  ['POST /Alarms/{id}/Escalate',                         'B', 409,   409,   404,        409,        403,   401],
  ['POST /Alarms/{id}/Notes',                            'A', 400,   400,   400,        404,        403,   401],
  ['POST /Alarms/{id}/Notes',                            'B', 400,   400,   404,        400,        403,   401],
  ['POST /Alarms/{id}/Resolve',                          'A', 409,   409,   409,        404,        403,   401],
  ['POST /Alarms/{id}/Resolve',                          'B', 409,   409,   404,        409,        403,   401],
  ['POST /Alarms/{id}/ShareLinks',                       'A', 409,   409,   409,        404,        403,   401],
  ['POST /Alarms/{id}/ShareLinks',                       'B', 409,   409,   404,        409,        403,   401],
  ['GET /Alarms/{id}/ShareLinks',                        'A', 200,   200,   200,        404,        403,   401],
  ['GET /Alarms/{id}/ShareLinks',                        'B', 200,   200,   404,        200,        403,   401],
  ['POST /ShareLinks/{id}/Revoke',                       '-', 404,   404,   404,        404,        403,   401],
  ['GET /Shared/{token}',                                '-', 404,   404,   404,        404,        404,   404],
  ['GET /Alarms/Figures',                                '-', 200,   200,   200,        200,        403,   401],
  ['GET /Geofences',                                     'A', 200,   200,   200,        '200 none', 403,   401],
  ['GET /Geofences',                                     'B', 200,   200,   '200 none', 200,        403,   401],
  ['GET /Geofences/{id}',                                'A', 200,   200,   200,        404,        403,   401],
  ['GET /Geofences/{id}',                                'B', 200,   200,   404,        200,        403,   401],
  ['POST /Geofences',                                    'A', 201,   201,   201,        400,        403,   401],
  ['POST /Geofences',                                    'B', 201,   201,   400,        201,        403,   401],
  ['PUT /Geofences/{id}',                                'A', 200,   200,   200,        404,        403,   401],
  ['PUT /Geofences/{id}',                                'B', 200,   200,   404,        200,        403,   401],
  ['DELETE /Geofences/{id}',                             '-', 404,   404,   404,        404,        403,   401],
  ['POST /Geofences/Preview',                            'A', 200,   200,   200,        400,        403,   401],
  ['POST /Geofences/Preview',                            'B', 200,   200,   400,        200,        403,   401],
  ['GET /Alarms/Figures.csv',                            '-', 200,   200,   200,        200,        403,   401],
  ['POST /Auth/SecondFactor/Totp',                       '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/SecondFactor/RecoveryCode',               '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/SecondFactor/Passkey/Options',            '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/SecondFactor/Passkey',                    '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/SecondFactor/Totp/Enrol',                 '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/SecondFactor/Totp/Confirm',               '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/SecondFactor/Passkey/RegistrationOptions', '-', 400,   400,   400,        400,        400,   400],
  ['POST /Auth/SecondFactor/Passkey/Register',           '-', 400,   400,   400,        400,        400,   400],
  ['GET /My/SecondFactors',                              '-', 200,   200,   200,        200,        403,   401],
  ['POST /My/SecondFactors/Totp/Enrol',                  '-', 200,   200,   200,        200,        403,   401],
  ['POST /My/SecondFactors/Totp/Confirm',                '-', 400,   400,   400,        400,        403,   401],
  ['DELETE /My/SecondFactors/Totp',                      '-', 404,   404,   404,        404,        403,   401],
  ['POST /My/SecondFactors/Passkeys/RegistrationOptions', '-', 200,   200,   200,        200,        403,   401],
  ['POST /My/SecondFactors/Passkeys',                    '-', 400,   400,   400,        400,        403,   401],
  ['DELETE /My/SecondFactors/Passkeys/{id}',             '-', 404,   404,   404,        404,        403,   401],
  ['POST /My/RecoveryCodes',                             '-', 400,   400,   400,        400,        403,   401],
  ['POST /My/StepUp/Totp',                               '-', 400,   400,   400,        400,        403,   401],
  ['POST /My/StepUp/RecoveryCode',                       '-', 400,   400,   400,        400,        403,   401],
  ['POST /My/StepUp/Passkey/Options',                    '-', 400,   400,   400,        400,        403,   401],
  ['POST /My/StepUp/Passkey',                            '-', 400,   400,   400,        400,        403,   401],
  ['GET /My/Sessions',                                   '-', 200,   200,   200,        200,        403,   401],
  ['DELETE /My/Sessions/{id}',                           '-', 404,   404,   404,        404,        403,   401],
  ['POST /My/Sessions/EndOthers',                        '-', 204,   204,   204,        204,        403,   401],
  // The matrix's api has no VAPID keys: the key is null and a good subscription is refused with 409.
  ['GET /My/PushSubscriptions/Key',                      '-', 200,   200,   200,        200,        403,   401],
  ['PUT /My/PushSubscriptions',                          '-', 409,   409,   409,        409,        403,   401],
  ['DELETE /My/PushSubscriptions',                       '-', 404,   404,   404,        404,        403,   401],
  // The customer's panic button: the demo holder has two vehicles, so a body naming none is refused at VehicleId.
  ['POST /My/Panic',                                     '-', 403,   403,   403,        403,        400,   401],
  // The SMS provider's delivery reports: a wrong token is no route at all, whoever calls.
  ['POST /Sms/DeliveryReports/{token}',                  '-', 404,   404,   404,        404,        404,   404],
  ['GET /Users/{id}/Sessions',                           'A', 200,   403,   403,        403,        403,   401],
  ['POST /Users/{id}/EndSessions',                       '-', 404,   403,   403,        403,        403,   401],
  ['POST /Users/{id}/ResetSecondFactors',                '-', 404,   403,   403,        403,        403,   401],
  // Erasure and the legal hold (Admin): a user who does not exist, so an Admin's call changes nobody.
  ['POST /Users/{id}/Erase',                             '-', 404,   403,   403,        403,        403,   401],
  ['PUT /Users/{id}/LegalHold',                          '-', 404,   403,   403,        403,        403,   401],
  ['DELETE /Users/{id}/LegalHold',                       '-', 404,   403,   403,        403,        403,   401],
  ['POST /Vehicles/{id}/EndSubscription',                '-', 404,   403,   403,        403,        403,   401],
  ['GET /AuditLog',                                     '-', 200,   403,   403,        403,        403,   401],
  // Access requests: an Admin's alone; the download's token is the key, so a wrong one is 404 for anyone.
  ['POST /Users/{id}/DataAccessRequests',                'A', 201,   403,   403,        403,        403,   401],
  ['GET /Users/{id}/DataAccessRequests',                 'A', 200,   403,   403,        403,        403,   401],
  ['GET /DataAccessRequests/{token}/Download',           '-', 404,   404,   404,        404,        404,   404],
  ['GET /BreachIncidents',                               '-', 200,   403,   403,        403,        403,   401],
  ['GET /BreachIncidents/Csv',                           '-', 200,   403,   403,        403,        403,   401],
  ['POST /BreachIncidents',                              '-', 400,   403,   403,        403,        403,   401],
  ['PUT /BreachIncidents/{id}',                          '-', 404,   403,   403,        403,        403,   401],
  ['GET /Dev/Outbox',                                    '-', 200,   403,   403,        403,        403,   401],
];

/** Resources inside company A and inside company B (so outside A). */
interface Resources {
  companyId: number;
  userId: number;
  user: { email: string; phoneNumber: string };
  driverId: number;
  driver: { email: string; phoneNumber: string };
  vehicleId: number;
  deviceId: number;
  deviceSerialNumber: string;
  /** A resolved alarm of the vehicle: every action on it is refused harmlessly (409, or 400 for an empty note). */
  alarmId: number;
  /** A geofence scoped to the company. */
  geofenceId: number;
}

let app: FastifyInstance;
const tokens = new Map<Caller, string>();
const places = new Map<'A' | 'B', Resources>();
let created = 0;
let vehicleType: { id: number; makeVariant: string };

interface ListedVehicle {
  id: number;
  userId: number;
  deviceId: number | null;
  deviceSerialNumber: string | null;
  deviceActive: boolean | null;
  drivers: { id: number; email: string; phoneNumber: string }[];
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ accessToken: string }>().accessToken;
}

async function asAdmin<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens.get('Admin')}` },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

/** A company's account holder who owns an installed vehicle with a driver, and that vehicle. */
async function placeIn(companyName: string): Promise<Resources> {
  const filter = encodeURIComponent(`name eq '${companyName}'`);
  const [company] = (await asAdmin<Page<{ id: number }>>('GET', `/Companies?$filter=${filter}`)).items;
  const holders = await asAdmin<Page<{ id: number; role: string }>>(
    'GET',
    `/Companies/${company!.id}/CompanyUsers?$filter=${encodeURIComponent("role eq 'Account-Holder'")}&$pagesize=500`,
  );
  const installed = await asAdmin<Page<ListedVehicle>>(
    'GET',
    `/Vehicles?$filter=${encodeURIComponent('deviceId ne null')}&$pagesize=500`,
  );
  const holderIds = new Set(holders.items.map((holder) => holder.id));
  // An active device: a deactivated one's vehicle cannot be armed (its reports are refused).
  const vehicle = installed.items.find(
    (item) => holderIds.has(item.userId) && item.drivers.length > 0 && item.deviceActive === true,
  );
  if (!vehicle) throw new Error(`${companyName} has no installed vehicle with a driver`);
  const [user] = (
    await asAdmin<Page<{ email: string; phoneNumber: string }>>(
      'GET',
      `/Users?$filter=id eq ${vehicle.userId}`,
    )
  ).items;
  const driver = vehicle.drivers[0]!;
  await addAlarm(vehicle.id, 'Acknowledged');
  const alarmId = await addAlarm(vehicle.id, 'Resolved');
  const geofenceId = await addGeofence(company!.id);
  return {
    companyId: company!.id,
    userId: vehicle.userId,
    user: { email: user!.email, phoneNumber: user!.phoneNumber },
    driverId: driver.id,
    driver: { email: driver.email, phoneNumber: driver.phoneNumber },
    vehicleId: vehicle.id,
    deviceId: vehicle.deviceId!,
    deviceSerialNumber: vehicle.deviceSerialNumber!,
    alarmId,
    geofenceId,
  };
}

/** A circle in the sea off Cape Point, watching the company's vehicles: no report ever enters it. */
function geofenceBody(scope: { kind: 'Company' | 'Vehicle'; id: number }) {
  return {
    name: `Matrix ${scope.kind} ${scope.id}`,
    shape: { type: 'Circle', centre: { latitudeDegrees: -35, longitudeDegrees: 18 }, radiusMetres: 500 },
    scope,
    rules: [{ trigger: 'Enter', dwellMinutes: null, schedule: null, priority: 2 }],
  };
}

async function addGeofence(companyId: number): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/Geofences',
    headers: { authorization: `Bearer ${tokens.get('Admin')}` },
    payload: geofenceBody({ kind: 'Company', id: companyId }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/**
 * An alarm of the vehicle: a resolved one, so the alarm routes' rows change nothing, and an
 * acknowledged one for the queue's Acknowledged tab (where a partner alert leaves it, escalated).
 */
async function addAlarm(vehicleId: number, state: 'Resolved' | 'Acknowledged'): Promise<number> {
  const at = new Date().toISOString();
  const resolved = state === 'Resolved';
  const { id } = await app.db
    .insertInto('alarms')
    .values({
      vehicleId,
      kind: resolved ? 'Tamper' : 'LowDeviceBattery',
      priority: resolved ? 1 : 3,
      state,
      acknowledgeWithinSeconds: 60,
      openedAt: at,
      lastEventAt: at,
      acknowledgedAt: at,
      acknowledgedByUserId: null,
      escalatedAt: null,
      resolvedAt: resolved ? at : null,
      resolvedByUserId: null,
      resolution: resolved ? 'Test' : null,
      resolutionNote: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  app = await build({ seed: true, devOutbox: true });
  for (const demo of DEMO_SIGN_INS) {
    const caller: Caller = demo.role === 'Company-Admin' ? 'Company-Admin A' : (demo.role as Caller);
    tokens.set(caller, await signIn(demo.email, demo.password));
  }
  const types = await asAdmin<{ id: number; makeVariant: string }[]>(
    'GET',
    '/VehicleTypes/Search?SearchPhrase=polo&ResultCount=1',
  );
  vehicleType = types[0]!;
  places.set('A', await placeIn('Karoo Logistics'));
  places.set('B', await placeIn('Mzansi Couriers'));

  // Company B's own Company-Admin: added as an agent, given a password, linked to Mzansi Couriers.
  const email = 'mzansi.admin@sentinel.test';
  const password = 'Matrix#Admin1';
  const { id } = await asAdmin<{ id: number }>('POST', '/Users', {
    FirstName: 'Nomsa',
    LastName: 'Khumalo',
    Email: email,
    RoleName: 'Company-Admin',
  });
  await app.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(password) })
    .where('id', '=', id)
    .execute();
  await asAdmin('POST', `/Companies/${places.get('B')!.companyId}/AddCompanyUser`, {
    userId: id,
    role: 'Company-Admin',
  });
  tokens.set('Company-Admin B', await signIn(email, password));
}, 60_000);

afterAll(async () => {
  await app.close();
});

const eqId = (id: number) => encodeURIComponent(`id eq ${id}`);

/** The request each row makes, for the resource in `place`; bodies that pass the guard stay harmless. */
function requestFor(route: string, placeName: Place): InjectOptions {
  const place = places.get(placeName === 'B' ? 'B' : 'A')!;
  const other = places.get(placeName === 'B' ? 'A' : 'B')!;
  const empty = { payload: {} };
  switch (route) {
    case 'GET /health':
    case 'GET /health/live':
    case 'GET /health/ready':
      return { url: route.slice('GET '.length) };
    case 'POST /Auth/SignInByEmail':
    case 'POST /Auth/RefreshTokens':
    case 'POST /Auth/Logout':
    case 'POST /Auth/SignUp':
    case 'POST /Auth/ConfirmPhone':
    case 'POST /Auth/ResendPhoneConfirmation':
    case 'POST /Auth/StartPasswordReset':
    case 'POST /Auth/VerifyPasswordReset':
    case 'POST /Auth/CompletePasswordReset':
    case 'POST /My/CreatePassword':
    case 'POST /My/UpdatePassword':
    case 'POST /Users':
    case 'POST /Users/AccountHolder':
      return { url: route.split(' ')[1]!, ...empty };
    case 'GET /Roles':
      return { url: '/Roles' };
    case 'GET /Users':
      return { url: `/Users?$filter=${eqId(place.userId)}` };
    case 'PUT /Users/{id}':
      return { url: `/Users/${place.userId}`, payload: place.user };
    case 'POST /Users/ResendPasswordCreationLink':
      return { url: '/Users/ResendPasswordCreationLink', payload: { userId: place.userId } };
    case 'GET /Users/{id}/EscalationContacts':
    case 'GET /Users/{id}/NotificationPreferences':
      return { url: route.split(' ')[1]!.replace('{id}', String(place.userId)) };
    case 'PUT /Users/{id}/EscalationContacts':
      return { url: `/Users/${place.userId}/EscalationContacts`, payload: { contacts: [] } };
    case 'PUT /Users/{id}/NotificationPreferences':
      return {
        url: `/Users/${place.userId}/NotificationPreferences`,
        payload: { kinds: ['Tamper'], channels: ['sms'], quietFrom: null, quietTo: null },
      };
    case 'PUT /Drivers/{id}':
      return { url: `/Drivers/${place.driverId}`, payload: place.driver };
    case 'POST /Drivers':
      // Valid, so the vehicle's company decides: the body is checked before the scope.
      created += 1;
      return {
        url: '/Drivers',
        payload: {
          FirstName: 'Sipho',
          LastName: 'Dlamini',
          Email: `matrix.driver.${created}@example.co.za`,
          PhoneCode: '27',
          PhoneNumber: '0821234567',
          IdNumber: '8001015009087',
          IdNumberIsSouthAfrican: true,
          vehicleId: place.vehicleId,
        },
      };
    case 'GET /Vehicles':
      return { url: `/Vehicles?$filter=${eqId(place.vehicleId)}` };
    case 'POST /Vehicles':
      // Valid, so the owner's company decides: the body is checked before the scope.
      created += 1;
      return {
        url: '/Vehicles',
        payload: {
          colour: 'White',
          registrationNumber: `MX ${created} GP`,
          vehicle: vehicleType.makeVariant,
          registrationYear: '2020',
          userId: place.userId,
          vehicleTypeId: vehicleType.id,
        },
      };
    case 'PUT /Vehicles/{id}/Lock':
      return { url: `/Vehicles/${place.vehicleId}/Lock`, payload: { reason: 'Test' } };
    case 'PUT /Vehicles/{id}/Unlock':
      return { url: `/Vehicles/${place.vehicleId}/Unlock` };
    case 'PUT /Vehicles/{id}/Arm':
    case 'PUT /Vehicles/{id}/Disarm':
    case 'DELETE /Vehicles/{id}/ArmingSchedule':
      // Arm's row comes before Disarm's, a schedule's before its removal: each place ends disarmed.
      return { url: route.split(' ')[1]!.replace('{id}', String(place.vehicleId)) };
    case 'PUT /Vehicles/{id}/ArmingSchedule':
      return {
        url: `/Vehicles/${place.vehicleId}/ArmingSchedule`,
        payload: { days: ['Sat'], from: '22:00', to: '05:00' },
      };
    case 'GET /Vehicles/{id}/Commands':
      return { url: `/Vehicles/${place.vehicleId}/Commands` };
    case 'POST /Vehicles/{id}/Commands/{commandId}/Cancel':
      // No such command: an allowed caller gets 404, nothing is cancelled.
      return { url: `/Vehicles/${place.vehicleId}/Commands/999999/Cancel` };
    case 'POST /Vehicles/{id}/Commands/{commandId}/SendNow':
      // No such command: an allowed caller gets 404, nothing is sent.
      return { url: `/Vehicles/${place.vehicleId}/Commands/999999/SendNow` };
    case 'POST /Vehicles/{id}/AlertAura':
      return { url: `/Vehicles/${place.vehicleId}/AlertAura` };
    case 'POST /Vehicles/{id}/AlertCapitalAir':
      return { url: `/Vehicles/${place.vehicleId}/AlertCapitalAir` };
    case 'POST /Vehicles/{id}/ChangeLinkedDevice':
      return {
        url: `/Vehicles/${place.vehicleId}/ChangeLinkedDevice`,
        payload: { newDeviceSerialNumber: '' },
      };
    case 'GET /Vehicles/{id}/History':
      return { url: `/Vehicles/${place.vehicleId}/History` };
    case 'GET /Vehicles/{id}/History/Csv':
      return { url: `/Vehicles/${place.vehicleId}/History/Csv` };
    case 'GET /Vehicles/{id}/Replay/Fixes':
      return { url: `/Vehicles/${place.vehicleId}/Replay/Fixes?${REPLAY_PERIOD}` };
    case 'GET /Vehicles/{id}/Replay/Trips':
      return { url: `/Vehicles/${place.vehicleId}/Replay/Trips?${REPLAY_PERIOD}` };
    case 'GET /VehicleTypes/Search':
      return { url: '/VehicleTypes/Search?SearchPhrase=toy&ResultCount=5' };
    case 'GET /Devices':
      return { url: '/Devices' };
    case 'POST /Devices':
      created += 1;
      return { url: '/Devices', payload: { serialNumber: `MATRIX-${created}` } };
    case 'POST /My/Device/GetDeviceStatusInfo':
      return { url: '/My/Device/GetDeviceStatusInfo', payload: { deviceId: place.deviceId } };
    case 'POST /Devices/{serialNumber}/IngestKey':
      return { url: `/Devices/${place.deviceSerialNumber}/IngestKey` };
    case 'POST /Devices/{serialNumber}/TestCommands':
      // The place's device is fitted to its vehicle: an allowed caller gets 409, nothing is sent.
      return { url: `/Devices/${place.deviceSerialNumber}/TestCommands`, payload: { type: 'Lock' } };
    case 'GET /Devices/{serialNumber}/TestCommands/{commandId}':
      // No such test command: an allowed caller gets 404.
      return { url: `/Devices/${place.deviceSerialNumber}/TestCommands/999999` };
    case 'POST /Devices/{serialNumber}/Telemetry':
    case 'POST /Devices/{serialNumber}/Telemetry/Batch':
      // A person's token is no device key, whoever holds it.
      return { url: route.split(' ')[1]!.replace('{serialNumber}', place.deviceSerialNumber), payload: {} };
    case 'GET /Devices/{serialNumber}/Commands':
      return { url: `/Devices/${place.deviceSerialNumber}/Commands?waitSeconds=0` };
    case 'POST /Devices/{serialNumber}/Commands/{commandId}/Ack':
      return {
        url: `/Devices/${place.deviceSerialNumber}/Commands/1/Ack`,
        payload: { status: 'Confirmed', locked: true },
      };
    case 'POST /Gateway/Commands/Poll':
      // A person's token is no gateway key, whoever holds it.
      return { url: '/Gateway/Commands/Poll', payload: { serialNumbers: [], waitSeconds: 0 } };
    case 'GET /SubscriptionPlans':
      return { url: '/SubscriptionPlans' };
    case 'GET /Companies':
      return { url: `/Companies?$filter=${eqId(place.companyId)}` };
    case 'POST /Companies':
      created += 1;
      return { url: '/Companies', payload: { Name: `Matrix Company ${created}` } };
    case 'GET /Companies/{companyId}/CompanyUsers':
      return { url: `/Companies/${place.companyId}/CompanyUsers` };
    case 'POST /Companies/{companyId}/AddCompanyUser':
      // Already linked: an allowed caller gets the harmless 400.
      return {
        url: `/Companies/${place.companyId}/AddCompanyUser`,
        payload: { userId: place.userId, role: 'Account-Holder' },
      };
    case 'DELETE /Companies/{companyId}':
      // The company has users: an allowed caller is refused with 400, nothing is deleted.
      return { url: `/Companies/${place.companyId}` };
    case 'DELETE /Companies/{companyId}/CompanyUsers/{userId}':
      // The other company's user is not linked here: an allowed caller gets 404, nothing changes.
      return { url: `/Companies/${place.companyId}/CompanyUsers/${other.userId}` };
    case 'GET /Regions':
      return { url: '/Regions' };
    case 'GET /FitmentCenters':
      return { url: '/FitmentCenters' };
    case 'GET /FitmentCenters/{id}/Availability':
      return { url: '/FitmentCenters/1/Availability?days=1' };
    case 'POST /InstallationBookings':
      // In the past: an allowed caller is refused with 400 after the scope check, nothing is booked.
      return {
        url: '/InstallationBookings',
        payload: {
          vehicleId: place.vehicleId,
          fitmentCenterId: 1,
          installationUtcDateTime: '2020-01-06T06:00:00.000Z',
          onboardingExistingClient: false,
        },
      };
    case 'PUT /InstallationBookings/{id}':
      return {
        url: '/InstallationBookings/999999',
        payload: { fitmentCenterId: 1, installationUtcDateTime: '2030-01-07T06:00:00.000Z', active: true },
      };
    case 'POST /Vehicles/{id}/LinkDeviceFree':
      // The vehicle's own device: an allowed caller gets the harmless 400.
      return {
        url: `/Vehicles/${place.vehicleId}/LinkDeviceFree`,
        payload: { deviceSerialNumber: place.deviceSerialNumber },
      };
    case 'POST /Subscriptions':
    case 'POST /My/Offline_Subscription':
      // No such plan: an allowed caller gets 400 after the scope check, nothing is subscribed.
      return {
        url: route.split(' ')[1]!,
        payload: {
          subscriptionPlanId: 999999,
          vehicleId: place.vehicleId,
          isOffline: false,
          initiallyPayDepositOnly: true,
          createdByAgentOnBehalfOfUser: true,
        },
      };
    case 'POST /Subscriptions/{id}/FirstPaymentRetry':
      return { url: '/Subscriptions/999999/FirstPaymentRetry' };
    case 'POST /Payments/Notifications':
      // Public, signed by the payment provider: a person's token signs nothing.
      return { url: '/Payments/Notifications', payload: { notificationId: 'x' } };
    case 'GET /Imports/Template':
      return { url: '/Imports/Template' };
    case 'POST /Imports':
      // Not a spreadsheet: an allowed caller is refused with 400 (a Company-Admin of another
      // company already for the company), nothing is read or stored.
      return { url: '/Imports', payload: { fileName: 'fleet.pdf', content: '', companyId: place.companyId } };
    case 'GET /Imports/{id}':
    case 'GET /Imports/{id}/Rows':
    case 'GET /Imports/{id}/Errors/Csv':
    case 'GET /Imports/{id}/Report/Csv':
    case 'POST /Imports/{id}/Cancel':
      // No such import: an allowed caller gets 404.
      return { url: route.split(' ')[1]!.replace('{id}', '999999') };
    case 'PUT /Imports/{id}/Mapping':
      return { url: '/Imports/999999/Mapping', payload: { mapping: {} } };
    case 'POST /Imports/{id}/Start':
      return { url: '/Imports/999999/Start', payload: { sendPasswordLinks: false } };
    case 'GET /Alarms':
      // Each place has an acknowledged alarm: every staff caller's tab lists one (who sees which: src/alarms).
      return { url: '/Alarms?tab=Acknowledged' };
    case 'GET /Alarms/{id}':
      return { url: `/Alarms/${place.alarmId}` };
    case 'POST /Alarms/{id}/Acknowledge':
    case 'POST /Alarms/{id}/Resolve':
      return {
        url: route.split(' ')[1]!.replace('{id}', String(place.alarmId)),
        payload: { reason: 'Test' },
      };
    case 'POST /Alarms/{id}/Escalate':
      return { url: `/Alarms/${place.alarmId}/Escalate`, payload: { partner: 'Aura' } };
    case 'POST /Alarms/{id}/Notes':
      return { url: `/Alarms/${place.alarmId}/Notes`, payload: { note: '' } };
    case 'POST /Alarms/{id}/ShareLinks':
      // The place's alarm is resolved: an allowed caller is refused (409) before a link is made.
      return { url: `/Alarms/${place.alarmId}/ShareLinks`, payload: { recipient: 'Armed response' } };
    case 'GET /Alarms/{id}/ShareLinks':
      return { url: `/Alarms/${place.alarmId}/ShareLinks` };
    case 'POST /ShareLinks/{id}/Revoke':
      // No such link: an allowed caller gets 404, nothing is revoked.
      return { url: '/ShareLinks/999999/Revoke' };
    case 'GET /Shared/{token}':
      // Public: a token nobody was given answers every caller alike.
      return { url: `/Shared/${'A'.repeat(43)}` };
    case 'GET /Alarms/Figures':
    case 'GET /Alarms/Figures.csv':
      return { url: `${route.split(' ')[1]!}?from=2026-03-01&to=2026-03-07` };
    case 'GET /Geofences':
      return { url: `/Geofences?scopeKind=Company&scopeId=${place.companyId}` };
    case 'GET /Geofences/{id}':
      return { url: `/Geofences/${place.geofenceId}` };
    case 'POST /Geofences':
    case 'POST /Geofences/Preview':
      // A circle no vehicle reports in, on the place's vehicle: another company's Company-Admin
      // is refused at Scope, nothing saved.
      return { url: route.split(' ')[1]!, payload: geofenceBody({ kind: 'Vehicle', id: place.vehicleId }) };
    case 'PUT /Geofences/{id}':
      // The geofence as it is: an allowed caller changes nothing.
      return {
        url: `/Geofences/${place.geofenceId}`,
        payload: geofenceBody({ kind: 'Company', id: place.companyId }),
      };
    case 'DELETE /Geofences/{id}':
      // No such geofence: an allowed caller gets 404, nothing is removed.
      return { url: '/Geofences/999999' };
    case 'POST /Users/{id}/Erase':
      // No such holder: an Admin's erasure finds nobody to erase.
      return { url: '/Users/999999/Erase' };
    case 'PUT /Users/{id}/LegalHold':
    case 'DELETE /Users/{id}/LegalHold':
      // A valid reason for a holder who does not exist: an Admin gets 404, nothing is held.
      return { url: '/Users/999999/LegalHold', payload: { reason: 'Matrix check' } };
    case 'POST /Vehicles/{id}/EndSubscription':
      // No such vehicle: an Admin gets 404, no subscription ends.
      return { url: '/Vehicles/999999/EndSubscription' };
    case 'GET /AuditLog':
      return { url: '/AuditLog' };
    case 'POST /Users/{id}/DataAccessRequests':
      // A request for every fix: an Admin gets its link, which nobody uses.
      return { url: `/Users/${place.userId}/DataAccessRequests`, ...empty };
    case 'GET /Users/{id}/DataAccessRequests':
      return { url: `/Users/${place.userId}/DataAccessRequests` };
    case 'GET /DataAccessRequests/{token}/Download':
      return { url: '/DataAccessRequests/not-a-download-token/Download' };
    case 'GET /BreachIncidents':
    case 'GET /BreachIncidents/Csv':
      return { url: route.split(' ')[1]! };
    case 'POST /BreachIncidents':
      // An empty body: an Admin is refused at its fields, nothing is recorded.
      return { url: '/BreachIncidents', ...empty };
    case 'PUT /BreachIncidents/{id}':
      // A valid incident for one that does not exist: an Admin gets 404, nothing changes.
      return {
        url: '/BreachIncidents/999999',
        payload: {
          occurredAt: '2026-03-01T08:00:00Z',
          discoveredAt: '2026-03-02T08:00:00Z',
          description: 'A matrix test incident that is never stored.',
          dataClasses: ['Contact details'],
          peopleAffected: 1,
        },
      };
    case 'GET /Dev/Outbox':
      return { url: '/Dev/Outbox' };
    case 'POST /Auth/SecondFactor/Totp':
    case 'POST /Auth/SecondFactor/RecoveryCode':
    case 'POST /Auth/SecondFactor/Passkey/Options':
    case 'POST /Auth/SecondFactor/Passkey':
    case 'POST /Auth/SecondFactor/Totp/Enrol':
    case 'POST /Auth/SecondFactor/Totp/Confirm':
    case 'POST /Auth/SecondFactor/Passkey/RegistrationOptions':
    case 'POST /Auth/SecondFactor/Passkey/Register':
    case 'POST /My/SecondFactors/Totp/Confirm':
    case 'POST /My/SecondFactors/Passkeys':
    case 'POST /My/StepUp/Totp':
    case 'POST /My/StepUp/RecoveryCode':
    case 'POST /My/StepUp/Passkey':
      // Empty bodies: refused at the schema, so nothing changes.
      return { url: route.split(' ')[1]!, ...empty };
    case 'GET /My/SecondFactors':
    case 'POST /My/SecondFactors/Totp/Enrol':
    case 'DELETE /My/SecondFactors/Totp':
    case 'POST /My/SecondFactors/Passkeys/RegistrationOptions':
    case 'POST /My/RecoveryCodes':
    case 'POST /My/StepUp/Passkey/Options':
    case 'GET /My/Sessions':
    case 'POST /My/Sessions/EndOthers':
      return { url: route.split(' ')[1]! };
    case 'GET /My/PushSubscriptions/Key':
      return { url: '/My/PushSubscriptions/Key' };
    case 'PUT /My/PushSubscriptions':
      // RFC 8291's example keys: a subscription a browser could send.
      return {
        url: '/My/PushSubscriptions',
        payload: {
          endpoint: 'https://push.example.test/matrix',
          keys: {
            p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
            auth: 'BTBZMqHH6r4Tts7J_aSIgg',
          },
        },
      };
    case 'POST /My/Panic':
      return { url: '/My/Panic', payload: {} };
    case 'POST /Sms/DeliveryReports/{token}':
      return { url: `/Sms/DeliveryReports/${'w'.repeat(40)}`, payload: {} };
    case 'DELETE /My/PushSubscriptions':
      return { url: '/My/PushSubscriptions', payload: { endpoint: 'https://push.example.test/none' } };
    case 'DELETE /My/SecondFactors/Passkeys/{id}':
    case 'DELETE /My/Sessions/{id}':
      return { url: route.split(' ')[1]!.replace('{id}', 'none') };
    case 'GET /Users/{id}/Sessions':
      return { url: `/Users/${place.userId}/Sessions` };
    case 'POST /Users/{id}/EndSessions':
    case 'POST /Users/{id}/ResetSecondFactors':
      // A user who does not exist: an Admin's call reaches the handler and changes nobody.
      return { url: route.split(' ')[1]!.replace('{id}', '999999') };
    default:
      throw new Error(`No request for ${route}: add it here and its row to MATRIX.`);
  }
}

const LISTS = new Set(['GET /Users', 'GET /Vehicles', 'GET /Companies', 'GET /Alarms', 'GET /Geofences']);

async function cell(route: string, place: Place, caller: Caller): Promise<Expected> {
  const [method] = route.split(' ') as [InjectOptions['method']];
  const token = tokens.get(caller);
  const response = await app.inject({
    method,
    ...requestFor(route, place),
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  if (response.statusCode === 200 && LISTS.has(route)) {
    return response.json<Page<unknown>>().totalCount > 0 ? 200 : '200 none';
  }
  return response.statusCode;
}

/** MATRIX as the README prints it. */
function matrixMarkdown(): string {
  const header = `| Route | In | ${CALLERS.join(' | ')} |`;
  const rule = `| ${['---', '---', ...CALLERS.map(() => '---')].join(' | ')} |`;
  const rows = MATRIX.map(
    ([route, place, ...expected]) => `| \`${route}\` | ${place} | ${expected.join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

describe('the authorization matrix', () => {
  it('has a row for every route of the OpenAPI document, and no row for a route it lacks', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const classified = new Set(MATRIX.map(([route]) => route));
    expect(
      documented.filter((route) => !classified.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...classified].filter((route) => !documented.includes(route)),
      'rows without a route',
    ).toEqual([]);
  });

  it('gives every row one expectation per caller', () => {
    for (const [route, , ...expected] of MATRIX) expect(expected, route).toHaveLength(CALLERS.length);
  });

  it.each(MATRIX.map((row) => [`${row[0]} (${row[1]})`, row] as const))('%s', async (_name, row) => {
    const [route, place, ...expected] = row;
    const actual: Expected[] = [];
    for (const caller of CALLERS) actual.push(await cell(route, place, caller));
    expect(Object.fromEntries(CALLERS.map((caller, index) => [caller, actual[index]]))).toEqual(
      Object.fromEntries(CALLERS.map((caller, index) => [caller, expected[index]])),
    );
  });

  it('is printed in the api README', () => {
    // Compared cell by cell, so Prettier's column padding in the README does not matter.
    const normalise = (line: string) =>
      line
        .split('|')
        .map((cell) => cell.trim())
        .join('|');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const printed = new Set(readme.split('\n').map(normalise));
    const rows = matrixMarkdown()
      .split('\n')
      .filter((line) => !line.includes('---'));
    expect(rows.filter((row) => !printed.has(normalise(row)))).toEqual([]);
  });
});
