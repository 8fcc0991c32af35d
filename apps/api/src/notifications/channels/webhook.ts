import { JSON_HEADERS, post } from './http';
import type { Channel } from './types';
import { attr, DeliveryError } from './types';
import { webhookUrlProblem } from './webhook-address';

/**
 * A JSON POST of {event, device, position?} to the rule's attributes.webhookUrl, else WAYMARK_WEBHOOK_URL. The
 * host is resolved again at every send and refused when it points inside (private, loopback, link-local, metadata)
 * unless WAYMARK_WEBHOOK_ALLOW_PRIVATE; a redirect is not followed.
 */
export const webhookChannel: Channel = {
  type: 'webhook',
  configured: () => true,
  reaches: () => false,
  async send(ctx, { rule, event, device, position }) {
    const url = (rule && attr(rule.attributes, 'webhookUrl')) || ctx.env.WAYMARK_WEBHOOK_URL;
    if (!url || !/^https?:\/\//.test(url)) throw new DeliveryError('no webhook URL', false);
    const problem = await webhookUrlProblem(url, ctx.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE);
    if (problem) throw new DeliveryError(problem, false);
    const payload = { event, device, ...(position ? { position } : {}) };
    await post('the webhook', url, JSON.stringify(payload), JSON_HEADERS);
  },
};
