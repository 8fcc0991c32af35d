import { post } from './http';
import type { Channel } from './types';
import { attr, DeliveryError } from './types';

/** Pushover messages API (app token WAYMARK_PUSHOVER_TOKEN) to user.attributes.pushoverUserKey. */
export const pushoverChannel: Channel = {
  type: 'pushover',
  configured: (env) => Boolean(env.WAYMARK_PUSHOVER_TOKEN),
  reaches: (user) => attr(user.attributes, 'pushoverUserKey') !== '',
  async send(ctx, { user, message }) {
    const token = ctx.env.WAYMARK_PUSHOVER_TOKEN;
    if (!token) throw new DeliveryError('pushover is not configured', false);
    const key = attr(user.attributes, 'pushoverUserKey');
    if (!key) throw new DeliveryError('the user has no pushoverUserKey', false);
    const body = new URLSearchParams({ token, user: key, title: message.subject, message: message.short });
    await post('pushover', `${ctx.env.WAYMARK_PUSHOVER_URL.replace(/\/$/, '')}/1/messages.json`, body.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
  },
};
