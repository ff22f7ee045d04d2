/*
 * The burn-in TestRunner service's calls (spec part 2 §7). The service has its own base URL
 * (appsettings.json's burnInURL) and accepts the vehicle API's access tokens, so this client takes
 * its token from the ApiClient (`client.auth.freshAccessToken`), which refreshes it single-flight.
 */
import { BurnInMessageSchema, BurnInResultsSchema, BurnInStationsSchema } from '@sentinel/domain';
import type { BurnInMessage, BurnInTestType, BurnInUnitResult } from '@sentinel/domain';
import type { Static, TSchema } from '@sinclair/typebox';
import { createHttp } from './http';
import type { ApiRequest } from './http';

export interface BurnInClientOptions {
  /** The burn-in service's base URL, appsettings.json's burnInURL. */
  baseUrl: string;
  /** The signed-in user's access token, e.g. `() => client.auth.freshAccessToken()`. */
  accessToken: () => Promise<string>;
  /** The fetch implementation to send requests with. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** A request without an answer after this many milliseconds fails with NetworkError. @default 30000 */
  timeoutMs?: number;
  /** Check every answer against the contract (ContractError when it differs). @default false */
  validateAnswers?: boolean;
}

/** One function per burn-in call; every PUT answers the service's `{ message }`. */
export interface BurnInApi {
  /** GET /TestRunner/Results: every unit on the bench with its tests. */
  results(): Promise<BurnInUnitResult[]>;
  /** GET /TestRunner/Stations: the free stations' ids. */
  stations(): Promise<string[]>;
  /** PUT /TestRunner/AddUnit?unitSerialNumber=&stationId= */
  addUnit(unitSerialNumber: string, stationId: string): Promise<BurnInMessage>;
  /** PUT /TestRunner/RemoveUnit?unitSerialNumber= */
  removeUnit(unitSerialNumber: string): Promise<BurnInMessage>;
  /** PUT /TestRunner/StartUnitTest?unitSerialNumber= */
  startUnitTest(unitSerialNumber: string): Promise<BurnInMessage>;
  /** PUT /TestRunner/StopUnitTest?unitSerialNumber= */
  stopUnitTest(unitSerialNumber: string): Promise<BurnInMessage>;
  /** PUT /TestRunner/StartAllTests */
  startAllTests(): Promise<BurnInMessage>;
  /** PUT /TestRunner/StopAllTests */
  stopAllTests(): Promise<BurnInMessage>;
  /** PUT /TestRunner/RetryFailedTests/{serial} */
  retryFailedTests(serial: string): Promise<BurnInMessage>;
  /** PUT /TestRunner/RetryUnitTest/{serial}, body testType */
  retryUnitTest(serial: string, testType: BurnInTestType): Promise<BurnInMessage>;
}

export function createBurnInClient(options: BurnInClientOptions): BurnInApi {
  const http = createHttp({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const validate = options.validateAnswers ?? false;

  const call = async <S extends TSchema>(request: ApiRequest, schema: S): Promise<Static<S>> => {
    const body = await http.read(await http.send(request, await options.accessToken()));
    // Loaded only when checking: the checker is a third of a production bundle's TypeBox.
    if (validate) (await import('./answers')).checkAnswer(schema, body, request);
    return body as Static<S>;
  };
  const put = (path: string, extra: Pick<ApiRequest, 'json' | 'searchParams'> = {}) =>
    call({ method: 'put', path: `TestRunner/${path}`, ...extra }, BurnInMessageSchema);
  const unit = (unitSerialNumber: string) => ({ searchParams: { unitSerialNumber } });

  return {
    results: () => call({ method: 'get', path: 'TestRunner/Results' }, BurnInResultsSchema),
    stations: () => call({ method: 'get', path: 'TestRunner/Stations' }, BurnInStationsSchema),
    addUnit: (unitSerialNumber, stationId) =>
      put('AddUnit', { searchParams: { unitSerialNumber, stationId } }),
    removeUnit: (serial) => put('RemoveUnit', unit(serial)),
    startUnitTest: (serial) => put('StartUnitTest', unit(serial)),
    stopUnitTest: (serial) => put('StopUnitTest', unit(serial)),
    startAllTests: () => put('StartAllTests'),
    stopAllTests: () => put('StopAllTests'),
    retryFailedTests: (serial) => put(`RetryFailedTests/${encodeURIComponent(serial)}`),
    retryUnitTest: (serial, testType) =>
      put(`RetryUnitTest/${encodeURIComponent(serial)}`, { json: { testType } }),
  };
}
