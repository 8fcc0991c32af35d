import { JSON_HEADERS, post } from './http';
import type { Channel } from './types';
import { attr, DeliveryError } from './types';

/** Telegram bot API sendMessage (WAYMARK_TELEGRAM_TOKEN) to user.attributes.telegramChatId. */
export const telegramChannel: Channel = {
  type: 'telegram',
  configured: (env) => Boolean(env.WAYMARK_TELEGRAM_TOKEN),
  reaches: (user) => attr(user.attributes, 'telegramChatId') !== '',
  async send(ctx, { user, message }) {
    const token = ctx.env.WAYMARK_TELEGRAM_TOKEN;
    if (!token) throw new DeliveryError('telegram is not configured', false);
    const chatId = attr(user.attributes, 'telegramChatId');
    if (!chatId) throw new DeliveryError('the user has no telegramChatId', false);
    const url = `${ctx.env.WAYMARK_TELEGRAM_URL.replace(/\/$/, '')}/bot${token}/sendMessage`;
    await post('telegram', url, JSON.stringify({ chat_id: chatId, text: message.short }), JSON_HEADERS);
  },
};
