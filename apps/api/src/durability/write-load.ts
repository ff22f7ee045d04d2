/*
 * Write load against a running api: sign-ups, lock commands and device telemetry, each recorded
 * only once the api has acknowledged it (a 2xx answer). What a killed api never answered is not
 * counted: it may or may not be stored, and either is correct.
 */
import { prng, southAfricanId } from '../db/seed/generators';

export interface Acknowledged {
  /** E-mails of sign-ups answered 200. */
  signUps: string[];
  /** Ids of lock and unlock commands answered 202. */
  commands: number[];
  /** Reports answered 200 that stored a lock change and a position fix, by vehicle and reading time. */
  reports: { vehicleId: number; at: string; locked: boolean }[];
}

export interface LoadTarget {
  url: string;
  adminToken: string;
  /** Devices with their keys and vehicles: each gets its own sequential reporter. */
  devices: { serialNumber: string; key: string; vehicleId: number; locked: boolean }[];
}

export interface WriteLoad {
  readonly acknowledged: Acknowledged;
  /** Sends against this api until `stop` (or the api dies; failed requests are simply not counted). */
  run(target: LoadTarget): { stop(): Promise<void> };
}

/** The load; counters carry across runs, so every write of the whole test is distinct. */
export function writeLoad(): WriteLoad {
  const acknowledged: Acknowledged = { signUps: [], commands: [], reports: [] };
  let signUps = 0;
  let commands = 0;
  // Readings start four minutes back (the api refuses readings over five minutes ahead) and
  // advance 10 ms a report, so each device's readings are strictly newer than the last.
  let readingClock = Date.now() - 4 * 60_000;
  const lockState = new Map<number, boolean>();

  async function signUp(url: string): Promise<void> {
    const index = (signUps += 1);
    const email = `durable.${index}.${process.pid}@sentinel.test`;
    const response = await fetch(`${url}/Auth/SignUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Email: email,
        FirstName: 'Durable',
        LastName: `Writer${index}`,
        Password: 'Durable#Pass1',
        PhoneCode: '27',
        PhoneNumber: `083${String(1_000_000 + index).slice(-7)}`,
        IdNumber: southAfricanId(prng(index)),
        IdNumberIsSouthAfrican: true,
        acceptedTermsAndConditionsAndPolicy: true,
      }),
    });
    if (response.ok) acknowledged.signUps.push(email);
  }

  async function lock(target: LoadTarget): Promise<void> {
    const index = (commands += 1);
    const device = target.devices[index % target.devices.length]!;
    const path = index % 2 === 0 ? 'Lock' : 'Unlock';
    const response = await fetch(`${target.url}/Vehicles/${device.vehicleId}/${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${target.adminToken}` },
    });
    if (response.status === 202) {
      const { command } = (await response.json()) as { command: { id: number } };
      acknowledged.commands.push(command.id);
    }
  }

  async function report(target: LoadTarget, device: LoadTarget['devices'][number]): Promise<void> {
    const locked = !(lockState.get(device.vehicleId) ?? device.locked);
    // Never older than now: a change written meanwhile (a command, another report) would make an
    // older reading one the api rightly ignores.
    readingClock = Math.max(readingClock + 10, Date.now());
    const at = new Date(readingClock).toISOString();
    const response = await fetch(`${target.url}/Devices/${device.serialNumber}/Telemetry`, {
      method: 'POST',
      headers: { authorization: `Device ${device.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ timestamp: at, locked, latitudeDegrees: -33.92, longitudeDegrees: 18.42 }),
    });
    if (!response.ok) return;
    const answer = (await response.json()) as { stored: { lock: boolean; position: boolean } };
    lockState.set(device.vehicleId, locked);
    if (answer.stored.lock) acknowledged.reports.push({ vehicleId: device.vehicleId, at, locked });
  }

  return {
    acknowledged,
    run(target) {
      let running = true;
      const loop = async (step: () => Promise<void>) => {
        while (running) {
          // A request the api did not answer (it was killed, or reset the connection) is simply
          // not acknowledged; the loop goes on until this run is stopped.
          await step().catch(() => new Promise((resolve) => setTimeout(resolve, 20)));
        }
      };
      // Four sign-ups (each an argon2 hash before its insert) and two lock commands at a time, and
      // one report per device, so a kill finds many writes, each at its own stage.
      const loops = [
        ...Array.from({ length: 4 }, () => loop(() => signUp(target.url))),
        ...Array.from({ length: 2 }, () => loop(() => lock(target))),
        ...target.devices.map((device) => loop(() => report(target, device))),
      ];
      return {
        async stop() {
          running = false;
          await Promise.all(loops);
        },
      };
    },
  };
}
