import { z } from 'zod';

/** A notification channel this server can use (GET /api/notifications/notificators). */
export const notificatorSchema = z.object({
  type: z
    .string()
    .describe(
      'channel name as used in a notification rule: web, mail, sms, firebase, telegram, pushover, webhook, command',
    ),
});

export const notificatorListSchema = z.array(notificatorSchema);
