import { z } from 'zod';
import { checkJson, int4, numeric, refOrNoneSchema, text } from './common';
import { ALARM_TYPES, eventTypeSchema } from './event';

/** Delivery channels of a rule (Traccar's notificators). */
export const NOTIFICATORS = ['web', 'mail', 'sms', 'firebase', 'telegram', 'pushover', 'webhook', 'command'] as const;
export type Notificator = (typeof NOTIFICATORS)[number];

const alarmNames = new Set<string>(ALARM_TYPES);
const notificatorNames = new Set<string>(NOTIFICATORS);
const split = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A notification rule as /api/notifications gives it (Traccar's shape). */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  description: z.string().nullable(),
  always: z.boolean().describe('applies to every device of the tenant'),
  notificators: z
    .string()
    .describe('comma-separated channels: web,mail,sms,firebase,telegram,pushover,webhook,command'),
  commandId: z.number().int().describe('0: none (Traccar)'),
  calendarId: z.number().int().describe('0: none (Traccar)'),
  tenantId: z.number().int().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Traccar's comma-separated notificators, checked and de-duplicated. */
export const notificatorsSchema = z
  .string()
  .max(200)
  .refine((v) => split(v).every((n) => notificatorNames.has(n)), {
    message: `notificators are a comma-separated list of ${NOTIFICATORS.join(', ')}`,
  })
  .transform((v) => [...new Set(split(v))] as Notificator[]);

const ruleAttributes = z
  .object({
    alarms: text()
      .max(2000)
      .refine((v) => split(v).every((a) => alarmNames.has(a)), { message: 'alarms are comma-separated alarm types' })
      .optional()
      .describe('type alarm: the alarms that notify (comma-separated), all when empty'),
    webhookUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .describe('webhook channel: where to POST (else the server’s WAYMARK_WEBHOOK_URL)'),
  })
  .catchall(z.unknown())
  .superRefine(checkJson);

export const notificationInputSchema = z
  .object({
    id: numeric(int4()).optional().describe('ignored (Traccar clients send it)'),
    type: eventTypeSchema,
    description: text().trim().max(256).nullish(),
    always: z.boolean().default(false),
    notificators: notificatorsSchema.default([]),
    commandId: refOrNoneSchema.nullish().describe('0 or null: none'),
    calendarId: refOrNoneSchema.nullish().describe('0 or null: none'),
    tenantId: numeric(int4()).nullish().describe('platform staff: the tenant of the rule'),
    attributes: ruleAttributes.default({}),
  })
  .superRefine((v, ctx) => {
    if (v.notificators.includes('command') && !v.commandId) {
      ctx.addIssue({ code: 'custom', path: ['commandId'], message: 'the command channel needs a saved command' });
    }
    if (v.attributes.alarms !== undefined && v.type !== 'alarm') {
      ctx.addIssue({ code: 'custom', path: ['attributes', 'alarms'], message: 'alarms apply to alarm rules only' });
    }
  });
export type NotificationInput = z.infer<typeof notificationInputSchema>;

/** GET /api/notifications/types and /notificators: `[{type}]`. */
export const typeListSchema = z.array(z.object({ type: z.string() }));
