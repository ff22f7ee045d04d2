/*
 * The gateway's counters, served as JSON at GET /health on the OsmAnd port: what people watch and
 * what the tests read. Each closed connection is counted once, under the reason it was closed for.
 */

/** Why the gateway (or the device) ended a TCP connection. */
export const CLOSE_REASONS = [
  /** The device hung up. */
  'peer-closed',
  /** Its IMEI is not a device the api knows. */
  'unknown-device',
  /** Its device is deactivated. */
  'deactivated-device',
  /** A frame broke the protocol (wrong CRC, length over the cap, garbage, a malformed record). */
  'protocol-error',
  'handshake-timeout',
  'idle-timeout',
  /** More connections than GATEWAY_MAX_CONNECTIONS. */
  'over-capacity',
  /** Its address is outside GATEWAY_ALLOW_NETWORKS. */
  'not-allowed',
  /** Writing to it failed. */
  'write-error',
  /** The api could not store its records or answer for it: nothing was acknowledged, it resends. */
  'api-unavailable',
  /** A newer connection of the same IMEI took its place, here or on another instance. */
  'replaced',
  /** The gateway shut down. */
  'shutdown',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export interface GatewayStats {
  instanceId: string;
  /** TCP connections open now, whatever their state. */
  connectionsOpen: number;
  /** Devices whose handshake was accepted and whose connection is open now. */
  devicesOnline: number;
  /** TCP connections accepted since the start (not refused by the cap or the allow-list). */
  connectionsAccepted: number;
  /** Handshakes (TCP) and reports (OsmAnd) naming a device the api does not know. */
  unknownDeviceAttempts: number;
  /** The same for a deactivated device. */
  deactivatedDeviceAttempts: number;
  /** AVL packets received and decoded. */
  packets: number;
  /** AVL records stored by the api. */
  records: number;
  /** AVL records the api refused (e.g. a clock far in the future): acknowledged all the same. */
  recordsRefused: number;
  /** Record counts sent back to devices. */
  acknowledgements: number;
  /** Codec 12 commands written to devices. */
  commandsSent: number;
  /** Codec 12 answers from devices reported to the api. */
  commandAnswers: number;
  /** OsmAnd reports stored. */
  osmandReports: number;
  /** OsmAnd requests answered 400 (malformed, or a report the api refused). */
  osmandRejected: number;
  /** Closed connections by reason. */
  closes: Record<CloseReason, number>;
  /** Protocol errors by the codec's reason ('bad-crc', 'too-long', ...). */
  protocolErrors: Record<string, number>;
}

export type Counter = Exclude<keyof GatewayStats, 'instanceId' | 'closes' | 'protocolErrors'>;

export class StatsBook {
  private readonly counts: GatewayStats;

  constructor(instanceId: string) {
    this.counts = {
      instanceId,
      connectionsOpen: 0,
      devicesOnline: 0,
      connectionsAccepted: 0,
      unknownDeviceAttempts: 0,
      deactivatedDeviceAttempts: 0,
      packets: 0,
      records: 0,
      recordsRefused: 0,
      acknowledgements: 0,
      commandsSent: 0,
      commandAnswers: 0,
      osmandReports: 0,
      osmandRejected: 0,
      closes: Object.fromEntries(CLOSE_REASONS.map((reason) => [reason, 0])) as Record<CloseReason, number>,
      protocolErrors: {},
    };
  }

  add(counter: Counter, amount = 1): void {
    this.counts[counter] += amount;
  }

  closed(reason: CloseReason): void {
    this.counts.closes[reason] += 1;
  }

  protocolError(reason: string): void {
    this.counts.protocolErrors[reason] = (this.counts.protocolErrors[reason] ?? 0) + 1;
  }

  /** A copy: the caller may keep it while the counts go on. */
  snapshot(): GatewayStats {
    return {
      ...this.counts,
      closes: { ...this.counts.closes },
      protocolErrors: { ...this.counts.protocolErrors },
    };
  }
}
