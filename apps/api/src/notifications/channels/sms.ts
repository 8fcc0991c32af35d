import type { Env } from '../../env';
import { post } from './http';
import type { Channel } from './types';
import { DeliveryError } from './types';

/** The gateway body: the template with {phone} and {message} put in, escaped for JSON or a form. */
export function smsBody(env: Env, phone: string, message: string): { body: string; contentType: string } {
  const json = env.WAYMARK_SMS_FORMAT === 'json';
  const encode = json ? (v: string) => JSON.stringify(v).slice(1, -1) : encodeURIComponent;
  const body = env.WAYMARK_SMS_TEMPLATE.replace(/\{(phone|message)\}/g, (_all, key: string) =>
    encode(key === 'phone' ? phone : message),
  );
  return { body, contentType: json ? 'application/json' : 'application/x-www-form-urlencoded' };
}

/** SMS through an HTTP gateway (WAYMARK_SMS_URL) to the user's phone. */
export const smsChannel: Channel = {
  type: 'sms',
  configured: (env) => Boolean(env.WAYMARK_SMS_URL),
  reaches: (user) => Boolean(user.phone?.trim()),
  async send(ctx, { user, message }) {
    const url = ctx.env.WAYMARK_SMS_URL;
    if (!url) throw new DeliveryError('sms is not configured', false);
    const phone = user.phone?.trim();
    if (!phone) throw new DeliveryError('the user has no phone number', false);
    const { body, contentType } = smsBody(ctx.env, phone, message.short);
    const headers: Record<string, string> = { 'content-type': contentType };
    if (ctx.env.WAYMARK_SMS_AUTHORIZATION) headers.authorization = ctx.env.WAYMARK_SMS_AUTHORIZATION;
    await post('the sms gateway', url, body, headers);
  },
};
