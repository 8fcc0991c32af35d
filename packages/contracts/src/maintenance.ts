import { z } from 'zod';
import { attributesSchema, checkJson, isoTimeSchema, numeric, real, refSchema, text, timeSchema } from './common';

const EMAIL = z.email();

/** Types whose start and period are times (epoch ms and ms), beside counted attributes (totalDistance m, hours ms). */
export const MAINTENANCE_TIME_TYPES = ['deviceTime', 'fixTime', 'serverTime'] as const;

/** A maintenance (Traccar's Maintenance); reminders are maintenance rows with attributes.isReminder = true. */
export const maintenanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string().describe('the position attribute counted: totalDistance (m), hours (ms), or a time type'),
  start: z.number().describe('value of the counted attribute at which the first service is due'),
  period: z.number().describe('interval between services, in the counted unit'),
  lastTime: isoTimeSchema.nullable(),
  nextTime: isoTimeSchema.nullable(),
  tenantId: z.number().int().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type MaintenanceDto = z.infer<typeof maintenanceSchema>;

/** Comma-separated email addresses, each one valid. */
export const emailListSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) =>
      v === '' ||
      v
        .split(',')
        .map((s) => s.trim())
        .every((s) => EMAIL.safeParse(s).success),
    'sendTo must be email addresses separated by commas',
  );

/** What a reminder carries in its attributes, isReminder forced true by the server. */
export const reminderAttributesSchema = z
  .object({
    isReminder: z.literal(true).optional(),
    item: text().trim().min(1).max(256),
    remarks: text().max(4000).nullish(),
    sendTo: emailListSchema.nullish(),
    expiry: timeSchema.describe('ISO-8601 time the reminder falls due'),
  })
  .catchall(z.unknown())
  .superRefine(checkJson);

const identifier = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'type is a position attribute name');

export const maintenanceInputSchema = z.object({
  name: text().trim().min(1).max(128),
  type: identifier,
  start: numeric(real()).optional().describe('0 when absent'),
  period: numeric(real().min(0)).describe("must not be zero, except for a reminder ('Can't be zero')"),
  tenantId: refSchema.nullish().describe('platform staff only'),
  attributes: attributesSchema.optional(),
});
export type MaintenanceInput = z.infer<typeof maintenanceInputSchema>;

/** A reminder: name defaults to the item, type to 'expiry'; period is optional (0: once). */
export const reminderInputSchema = z.object({
  name: text().trim().min(1).max(128).optional(),
  type: identifier.optional(),
  start: numeric(real()).optional(),
  period: numeric(real().min(0)).optional(),
  tenantId: refSchema.nullish().describe('platform staff only'),
  attributes: reminderAttributesSchema,
});
export type ReminderInput = z.infer<typeof reminderInputSchema>;
