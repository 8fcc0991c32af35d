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

/** One address a host resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** What decides where a webhook may go: the server's switch, and (for tests) the resolver and the address rule. */
export interface AddressPolicy {
  allowPrivate: boolean;
  resolve?: Resolver;
  isBlocked?: (address: string) => boolean;
}

/** A checked webhook URL and the addresses it was checked at: the request connects to these, and only these. */
export interface WebhookTarget {
  url: URL;
  addresses: ResolvedAddress[];
}

/**
 * Checks a webhook URL: it must be http(s) without credentials, its host must resolve, and unless private targets
 * are allowed every address it resolves to must be public. The host is resolved once, here: the request then
 * connects to the addresses returned (see pinned-post.ts), so a name that answers a public address now and a
 * private one a moment later (DNS rebinding) cannot slip past the check.
 */
export async function checkWebhookUrl(
  url: string,
  policy: AddressPolicy,
): Promise<{ target: WebhookTarget } | { problem: string }> {
  const parsed = parseWebhookUrl(url);
  if (typeof parsed === 'string') return { problem: parsed };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  try {
    addresses = literal
      ? [{ address: host, family: literal === 6 ? 6 : 4 }]
      : await (policy.resolve ?? systemResolver)(host);
  } catch {
    return { problem: 'The webhook host does not resolve' };
  }
  if (addresses.length === 0) return { problem: 'The webhook host does not resolve' };
  const isBlocked = policy.isBlocked ?? isPrivateAddress;
  if (!policy.allowPrivate && addresses.some((a) => isBlocked(a.address))) {
    return { problem: 'The webhook URL points to a private, loopback, link-local or reserved address' };
  }
  return { target: { url: parsed, addresses } };
}

/** The URL, or why it cannot be a webhook's: not http(s), or carrying credentials. */
function parseWebhookUrl(url: string): URL | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The webhook URL is not a valid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The webhook URL must be http or https';
  if (parsed.username || parsed.password) return 'The webhook URL must not carry credentials';
  return parsed;
}

/**
 * Why a rule may not be saved with this webhook URL, or null: checkWebhookUrl's reasons, except that where the
 * server allows private targets the host is not resolved (it may not resolve from here yet; each send resolves it).
 */
export async function webhookUrlProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) {
    const parsed = parseWebhookUrl(url);
    return typeof parsed === 'string' ? parsed : null;
  }
  const checked = await checkWebhookUrl(url, { allowPrivate });
  return 'problem' in checked ? checked.problem : null;
}
