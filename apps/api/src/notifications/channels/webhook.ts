import { JSON_HEADERS } from './http';
import { postPinned } from './pinned-post';
import type { Channel } from './types';
import { attr, DeliveryError } from './types';
import type { AddressPolicy } from './webhook-address';
import { checkWebhookUrl } from './webhook-address';

/** What tests replace: the resolver and the address rule (see AddressPolicy), and trusted certificates. */
interface WebhookNet extends Omit<AddressPolicy, 'allowPrivate'> {
  tls?: { ca?: string };
}

/**
 * A JSON POST of {event, device, position?} to the rule's attributes.webhookUrl, else WAYMARK_WEBHOOK_URL. The
 * host is resolved at every send and refused when any of its addresses is inside (private, loopback, link-local,
 * metadata) unless WAYMARK_WEBHOOK_ALLOW_PRIVATE; the request then connects to those checked addresses only (no
 * second resolution: DNS rebinding), and a redirect is not followed.
 */
export function createWebhookChannel(net: WebhookNet = {}): Channel {
  return {
    type: 'webhook',
    configured: () => true,
    reaches: () => false,
    async send(ctx, { rule, event, device, position }) {
      const url = (rule && attr(rule.attributes, 'webhookUrl')) || ctx.env.WAYMARK_WEBHOOK_URL;
      if (!url || !/^https?:\/\//.test(url)) throw new DeliveryError('no webhook URL', false);
      const checked = await checkWebhookUrl(url, { ...net, allowPrivate: ctx.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE });
      if ('problem' in checked) throw new DeliveryError(checked.problem, false);
      const payload = { event, device, ...(position ? { position } : {}) };
      await postPinned('the webhook', checked.target, JSON.stringify(payload), JSON_HEADERS, net.tls);
    },
  };
}

export const webhookChannel = createWebhookChannel();
