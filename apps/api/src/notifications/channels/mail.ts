import type { Channel } from './types';
import { DeliveryError } from './types';

/** Mail through the server's mailer (SMTP_*) to the user's address. */
export const mailChannel: Channel = {
  type: 'mail',
  configured: () => true,
  reaches: (user) => user.email.includes('@'),
  async send(ctx, { user, message }) {
    if (!user.email.includes('@')) throw new DeliveryError('the user has no mail address', false);
    try {
      await ctx.mailer.send({ to: user.email, subject: message.subject, text: message.body });
    } catch (err) {
      const code = (err as { responseCode?: number; code?: string }).responseCode ?? (err as { code?: string }).code;
      throw new DeliveryError(`mail not accepted${code ? ` (${code})` : ''}`);
    }
  },
};
