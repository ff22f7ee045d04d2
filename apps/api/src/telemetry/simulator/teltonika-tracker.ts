/*
 * A simulated vehicle's Teltonika tracker: the device client of @sentinel/teltonika/tracker (the
 * handshake, Codec 8 Extended records resent until acknowledged, reconnects with backoff), its
 * digital output 1 wired to the vehicle's immobiliser. Codec 12 `setdigout` commands switch the
 * vehicle's lock and are answered as FMB firmware answers them; the next records carry the new state.
 */
import { answerCommand, startTeltonikaTracker } from '@sentinel/teltonika/tracker';
import type { GatewayAddress, TeltonikaTracker, TeltonikaTrackerTimings } from '@sentinel/teltonika/tracker';

export type { TeltonikaTracker, TeltonikaTrackerTimings };

export interface VehicleTrackerOptions extends TeltonikaTrackerTimings, GatewayAddress {
  imei: string;
  /** The vehicle whose immobiliser digital output 1 drives: setdigout switches its lock. */
  immobiliser: { locked: boolean };
}

export function startVehicleTracker(options: VehicleTrackerOptions): TeltonikaTracker {
  const { immobiliser, ...link } = options;
  return startTeltonikaTracker({ ...link, onCommand: (text) => answerCommand(text, immobiliser) });
}
