import { isIPv4, isIPv6 } from "node:net";

/**
 * The client address as the abuse limits count it: an IPv4 address as it is (also when it comes
 * IPv4-mapped, "::ffff:203.0.113.5"), an IPv6 address by its /64 — one subscriber usually gets a
 * whole /64, so counting single IPv6 addresses would hand an attacker 2^64 "clients".
 */
export function clientAddressKey(ip: string | undefined | null): string {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  const bare = ip.split("%")[0]!; // a zone index ("fe80::1%eth0") is not part of the address
  if (!isIPv6(bare)) return ip;
  return `${expandIPv6(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case, without leading zeros. */
function expandIPv6(ip: string): string[] {
  const [head = "", tail] = ip.toLowerCase().split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 tail ("::ffff:1.2.3.4" in a longer form) counts as two groups.
  const last = right.length > 0 ? right : left;
  if (last.length > 0 && isIPv4(last[last.length - 1]!)) {
    const [a, b, c, d] = last.pop()!.split(".").map(Number) as [number, number, number, number];
    last.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - left.length - right.length;
  const all = tail === undefined ? left : [...left, ...Array(missing).fill("0"), ...right];
  return all.map((g) => Number.parseInt(g || "0", 16).toString(16));
}

/** 127.0.0.0/8 and ::1, also IPv4-mapped. */
export function isLoopback(ip: string | undefined | null): boolean {
  if (!ip) return false;
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4 && isIPv4(v4)) return v4.startsWith("127.");
  return isIPv6(ip) && expandIPv6(ip).join(":") === "0:0:0:0:0:0:0:1";
}
