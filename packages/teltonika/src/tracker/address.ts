/** Where a tracker connects: the device gateway's Teltonika listener. */
export interface GatewayAddress {
  host: string;
  port: number;
}

const HOST_PORT = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:[\]/]+)):(\d{1,5})$/;

/**
 * A gateway's address written as `host:port` (`[v6 address]:port` too), as the settings that point
 * trackers at a gateway take it; undefined when the text is not one.
 */
export function parseGatewayAddress(text: string): GatewayAddress | undefined {
  const match = HOST_PORT.exec(text.trim());
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (host === undefined || !(port >= 1 && port <= 65_535)) return undefined;
  return { host, port };
}
