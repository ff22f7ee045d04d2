/*
 * GATEWAY_ALLOW_NETWORKS: the source networks trackers may connect from (an operator's APN range,
 * a carrier's NAT pool). The protocols carry no secret, so this is the one check before a byte is
 * read; an empty list allows any address.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Whether a peer's address may connect. */
export type AllowCheck = (address: string | undefined) => boolean;

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Reads `10.0.0.0/8`, `192.0.2.7`, `2001:db8::/32` entries; throws naming the one it cannot read. */
export function parseAllowNetworks(entries: readonly string[]): AllowCheck {
  if (entries.length === 0) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefixText, ...rest] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
    const prefix = prefixText === undefined ? undefined : Number(prefixText);
    const widest = type === 'ipv4' ? 32 : 128;
    if (
      type === undefined ||
      rest.length > 0 ||
      (prefix !== undefined && (!/^\d{1,3}$/.test(prefixText ?? '') || prefix > widest))
    ) {
      throw new Error(
        `GATEWAY_ALLOW_NETWORKS must list addresses or CIDR ranges (e.g. 10.0.0.0/8, 2001:db8::/32); '${entry}' is neither.`,
      );
    }
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return (address) => {
    if (address === undefined) return false;
    // A dual-stack listener shows IPv4 peers as ::ffff:a.b.c.d.
    const ipv4 = MAPPED_IPV4.exec(address)?.[1];
    if (ipv4 !== undefined) return list.check(ipv4, 'ipv4');
    return isIPv4(address) ? list.check(address, 'ipv4') : list.check(address, 'ipv6');
  };
}
