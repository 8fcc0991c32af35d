import { JSON_HEADERS, post } from './http';
import type { Channel } from './types';
import { attr, DeliveryError } from './types';

/** A JSON POST of {event, device, position?} to the rule's attributes.webhookUrl, else WAYMARK_WEBHOOK_URL. */
export const webhookChannel: Channel = {
  type: 'webhook',
  configured: () => true,
  reaches: () => false,
  async send(ctx, { rule, event, device, position }) {
    const url = (rule && attr(rule.attributes, 'webhookUrl')) || ctx.env.WAYMARK_WEBHOOK_URL;
    if (!url || !/^https?:\/\//.test(url)) throw new DeliveryError('no webhook URL', false);
    const payload = { event, device, ...(position ? { position } : {}) };
    await post('the webhook', url, JSON.stringify(payload), JSON_HEADERS);
  },
};
