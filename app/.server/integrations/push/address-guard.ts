import dns from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * The server-side half of the SSRF rule on push endpoints (ADR 0045): a push service is on the
 * public internet, so an address that is private, loopback, link-local, shared, multicast or
 * reserved is never one to POST to — checked when a subscription is saved (every address the name
 * resolves to) and again on each connection of a delivery (the agent's lookup), so a name that
 * resolves elsewhere later (DNS rebinding) is refused too.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** True for an address no push service has (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], "ipv4");
    return blocked.check(address, "ipv6");
  }
  return blocked.check(address, "ipv4");
}

/** Every address `host` resolves to is public (an IP literal is judged as it is). */
export async function resolvesToPublicOnly(
  host: string,
  lookup: (host: string) => Promise<{ address: string }[]> = (h) => dns.promises.lookup(h, { all: true }),
): Promise<boolean> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return !isNonPublicAddress(bare);
  try {
    const addresses = await lookup(bare);
    return addresses.length > 0 && addresses.every((a) => !isNonPublicAddress(a.address));
  } catch {
    return false;
  }
}

/** A `lookup` for an HTTP agent that refuses a non-public answer (the connection fails). */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isNonPublicAddress(a.address));
    if (bad || list.length === 0) {
      const refused = Object.assign(new Error(`push endpoint ${hostname} resolves to a non-public address`), {
        code: "EPUSHADDRESS",
      });
      return callback(refused, "", 0);
    }
    if ((options as { all?: boolean }).all)
      return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
};
