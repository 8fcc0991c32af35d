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

/** Traccar's NotificationMessage: an announcement's text (POST /api/notifications/send/{notificator}). */
export const notificationMessageSchema = z.object({
  subject: z.string().max(200).optional().describe('mail subject, push title; the first line of the digest if absent'),
  digest: z.string().max(1000).optional().describe('the short text (sms, push, web); the body if absent'),
  body: z.string().min(1).max(10_000).describe('the full text (mail)'),
  priority: z.boolean().optional(),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;
