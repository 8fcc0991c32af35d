import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress, webhookUrlProblem } from '../notifications/channels/webhook-address';

/**
 * Where a tenant's target may point. A tenant administrator could otherwise make the server post to, or publish
 * into, services that only the platform reaches (its own Redis, say), so a tenant's target must resolve to public
 * addresses only, under the same rule and switch (WAYMARK_WEBHOOK_ALLOW_PRIVATE) as the notifications' webhooks.
 * Server-wide targets are set by platform administrators, whose brokers usually are private: they are not held to it.
 */

/** Why a broker's URL (MQTT, AMQP, Redis) may not be used by a restricted target, or null. */
export async function brokerAddressProblem(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return 'The target host does not resolve';
  }
  if (addresses.length === 0) return 'The target host does not resolve';
  return addresses.some(isPrivateAddress)
    ? 'The target URL points to a private, loopback, link-local or reserved address'
    : null;
}

/** Why a target of this type may not use this URL, or null; `restricted`: a tenant's, private addresses refused. */
export async function targetAddressProblem(type: string, url: string, restricted: boolean): Promise<string | null> {
  if (type === 'webhook') return webhookUrlProblem(url, !restricted);
  return restricted ? brokerAddressProblem(url) : null;
}
