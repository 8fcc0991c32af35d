import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless the server allows private targets: this host, private networks,
 * link-local (cloud metadata lives at 169.254.169.254 and fd00:ec2::254), shared address space (CGNAT),
 * multicast, documentation and reserved ranges, and the IPv6 forms that embed an IPv4 address (NAT64, 6to4).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local (fd00:ec2::254 is a metadata address)
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address (IPv4, IPv6, or IPv4-mapped IPv6) is one a webhook must not reach. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const hexMapped = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hexMapped?.[1] && hexMapped[2]) {
    const hi = Number.parseInt(hexMapped[1], 16);
    const lo = Number.parseInt(hexMapped[2], 16);
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  return true; // not an address: refuse rather than guess
}

/**
 * Why a webhook may not be sent to this URL, or null: it must be http(s), and unless `allowPrivate` every
 * address its host resolves to must be public (a host that does not resolve is refused too).
 */
export async function webhookUrlProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The webhook URL is not a valid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The webhook URL must be http or https';
  if (parsed.username || parsed.password) return 'The webhook URL must not carry credentials';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return 'The webhook host does not resolve';
  }
  if (addresses.length === 0) return 'The webhook host does not resolve';
  if (addresses.some(isPrivateAddress)) {
    return 'The webhook URL points to a private, loopback, link-local or reserved address';
  }
  return null;
}
