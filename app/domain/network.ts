/**
 * Client networks for abuse limits (ADR 0017): the per-account login limit locks a network out of
 * an account, not a single address a client can change at will.
 */

/** The network a client address belongs to for the per-account limit: IPv4 /24 (IPv6 keys are /64 already). */
export function networkOf(clientIp: string): string {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(clientIp);
  return v4 ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : clientIp;
}
