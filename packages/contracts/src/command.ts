import { z } from 'zod';
import { int4, numeric, real, refSchema, text, timeSchema } from './common';

const attributeValue = z.union([text(), real(), z.boolean()]);

/** POST /api/commands/send: a saved command (`id`) or an ad-hoc one for a device. */
export const sendCommandSchema = z
  .object({
    id: numeric(int4().min(0)).optional().describe('saved command to send (0 or absent: ad hoc)'),
    deviceId: refSchema,
    type: text().trim().min(1).max(64).optional().describe("Traccar's type: engineStop, engineResume, custom, …"),
    attributes: z.record(text(), attributeValue).default({}).describe('data (custom), frequency (s), …'),
    textChannel: z.boolean().optional(),
    expiresAt: timeSchema.optional().describe('a queued command not sent by then is dropped'),
  })
  .refine((c) => (c.id ?? 0) > 0 || c.type, { message: 'type is required for an ad-hoc command', path: ['type'] });

export const commandStatusSchema = z.enum(['QUEUED', 'SENT', 'DELIVERED', 'FAILED', 'EXPIRED']);

export const sentCommandSchema = z.object({
  message: z.string().describe("'Command sent' or 'Command queued'"),
  id: z.number().int().describe('id of the queued/sent command'),
  deviceId: z.number().int(),
  type: z.string(),
  attributes: z.record(z.string(), attributeValue),
  status: commandStatusSchema,
  expiresAt: z.string().nullable(),
});
export type SentCommand = z.infer<typeof sentCommandSchema>;
