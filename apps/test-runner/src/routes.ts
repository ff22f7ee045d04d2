/* Every call of the burn-in service (spec part 2 §7), with the contract's schemas. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddUnitQuerySchema,
  BurnInMessageSchema,
  BurnInResultsSchema,
  BurnInStationsSchema,
  RetryUnitTestRequestSchema,
  UnitPathSchema,
  UnitQuerySchema,
} from '@sentinel/domain';
import type { VerifyBearer } from './auth';
import type { VehicleApi } from './vehicle-api';
import { BenchError } from './errors';
import type { Runner } from './bench/runner';

export interface BenchRoutesOptions {
  runner: Runner;
  verify: VerifyBearer;
  vehicleApi: VehicleApi;
}

/**
 * Whether a serial number holds a control character (NUL, a line break, ...): no serial has one,
 * and the api refuses a NUL, so the bench would pass its refusal on as a 503.
 */
const hasControlCharacter = (text: string) =>
  [...text].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);

const answers = { 200: BurnInMessageSchema, '4xx': BurnInMessageSchema, '5xx': BurnInMessageSchema };

export const benchRoutes: FastifyPluginAsyncTypebox<BenchRoutesOptions> = async (
  app,
  { runner, verify, vehicleApi },
) => {
  app.addHook('onRequest', async (request) => {
    await verify(request.headers.authorization);
  });

  // Serials enter in the query (unitSerialNumber) or the path (serial); both are checked before any
  // route reads them.
  app.addHook('preValidation', async (request) => {
    const { unitSerialNumber } = (request.query ?? {}) as { unitSerialNumber?: unknown };
    const { serial } = (request.params ?? {}) as { serial?: unknown };
    for (const value of [unitSerialNumber, serial]) {
      if (typeof value === 'string' && hasControlCharacter(value))
        throw new BenchError(
          'invalidSerial',
          'A serial number must not contain control characters such as NUL',
        );
    }
  });

  app.get(
    '/Results',
    { schema: { response: { 200: BurnInResultsSchema, '4xx': BurnInMessageSchema } } },
    async () => runner.results(),
  );

  app.get(
    '/Stations',
    { schema: { response: { 200: BurnInStationsSchema, '4xx': BurnInMessageSchema } } },
    async () => runner.freeStations(),
  );

  app.put('/AddUnit', { schema: { querystring: AddUnitQuerySchema, response: answers } }, async (request) => {
    const { unitSerialNumber, stationId } = request.query;
    const authorization = request.headers.authorization ?? '';
    const serial = await vehicleApi.find(unitSerialNumber.trim(), authorization);
    if (serial === undefined)
      throw new BenchError('unknownDevice', `No device has the serial number ${unitSerialNumber}`);
    await runner.checkFree(serial, stationId.trim());
    // The bench's provisioning step: the unit gets its key, and reports with it from now on; a
    // Teltonika unit gets none, the device gateway speaks for it.
    const key = runner.needsKey(serial) ? await vehicleApi.provisionKey(serial, authorization) : null;
    await runner.addUnit(serial, stationId.trim(), key);
    return { message: `Unit ${serial} added to station ${stationId.trim()}` };
  });

  app.put('/RemoveUnit', { schema: { querystring: UnitQuerySchema, response: answers } }, async (request) => {
    const { serialNumber, stationId } = await runner.removeUnit(request.query.unitSerialNumber);
    return { message: `Unit ${serialNumber} removed; station ${stationId} is free` };
  });

  app.put(
    '/StartUnitTest',
    { schema: { querystring: UnitQuerySchema, response: answers } },
    async (request) => {
      const serial = await runner.startUnit(request.query.unitSerialNumber, request.headers.authorization);
      return { message: `All tests started for unit ${serial}` };
    },
  );

  app.put(
    '/StopUnitTest',
    { schema: { querystring: UnitQuerySchema, response: answers } },
    async (request) => {
      const serial = await runner.stopUnit(request.query.unitSerialNumber);
      return { message: `All tests stopped for unit ${serial}` };
    },
  );

  app.put('/StartAllTests', { schema: { response: answers } }, async (request) => {
    const started = await runner.startAll(request.headers.authorization);
    return { message: `All tests started on ${started} ${started === 1 ? 'unit' : 'units'}` };
  });

  app.put('/StopAllTests', { schema: { response: answers } }, async () => {
    const stopped = await runner.stopAll();
    return { message: `All tests stopped on ${stopped} ${stopped === 1 ? 'unit' : 'units'}` };
  });

  app.put(
    '/RetryFailedTests/:serial',
    { schema: { params: UnitPathSchema, response: answers } },
    async (request) => {
      const { serialNumber, testTypes } = await runner.retryFailed(
        request.params.serial,
        request.headers.authorization,
      );
      return { message: `Retrying ${testTypes.join(', ')} on unit ${serialNumber}` };
    },
  );

  app.put(
    '/RetryUnitTest/:serial',
    { schema: { params: UnitPathSchema, body: RetryUnitTestRequestSchema, response: answers } },
    async (request) => {
      const serial = await runner.retryTest(
        request.params.serial,
        request.body.testType,
        request.headers.authorization,
      );
      return { message: `Retrying ${request.body.testType} test on unit ${serial}` };
    },
  );
};
