/*
 * Which serial numbers are real devices: the api's GET /Devices answers, asked with the caller's
 * own token, so the bench knows no device the person could not see in the api.
 */
import type { Device, Page } from '@sentinel/domain';
import { BenchError } from './errors';

export interface DeviceRegistry {
  /** The device's serial as the api spells it, or undefined when the api knows no such device. */
  find(serial: string, authorization: string): Promise<string | undefined>;
}

export function createApiDeviceRegistry(apiUrl: string, fetchImpl: typeof fetch = fetch): DeviceRegistry {
  return {
    async find(serial, authorization) {
      const url = new URL('Devices', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`);
      // OData text literal: inner quotes doubled, so a typed serial stays text.
      url.searchParams.set('$filter', `serialNumber eq '${serial.replaceAll("'", "''")}'`);
      url.searchParams.set('$pagesize', '1');
      let response: Response;
      try {
        response = await fetchImpl(url, { headers: { authorization }, signal: AbortSignal.timeout(10_000) });
      } catch {
        throw new BenchError(
          'registryUnavailable',
          'The vehicle API could not be reached to look the device up',
        );
      }
      if (response.status === 401 || response.status === 403)
        throw new BenchError('forbidden', 'The vehicle API refused to look the device up for you');
      if (!response.ok)
        throw new BenchError(
          'registryUnavailable',
          `The vehicle API answered ${response.status} to the device look-up`,
        );
      const page = (await response.json()) as Page<Device>;
      return page.items[0]?.serialNumber;
    },
  };
}
