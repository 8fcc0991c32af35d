import { z } from 'zod';
import { int4, numeric, real, refSchema, text, timeSchema } from './common';

const attributeValue = z.union([text(), real(), z.boolean()]);

const commandFields = z.object({
  id: numeric(int4().min(0)).optional().describe('saved command to send (0 or absent: ad hoc)'),
  deviceId: refSchema,
  type: text().trim().min(1).max(64).optional().describe("Traccar's type: engineStop, engineResume, custom, …"),
  attributes: z.record(text(), attributeValue).default({}).describe('data (custom), frequency (s), …'),
  textChannel: z.boolean().optional(),
  expiresAt: timeSchema.optional().describe('a queued command not sent by then is dropped'),
});
/** an ad-hoc command names its type; a saved one (`id`) has it */
const typeOrSaved = (c: { id?: number; type?: string }) => (c.id ?? 0) > 0 || Boolean(c.type);
const TYPE_REQUIRED = { message: 'type is required for an ad-hoc command', path: ['type'] };

/** POST /api/commands/send: a saved command (`id`) or an ad-hoc one for a device. */
export const sendCommandSchema = commandFields.refine(typeOrSaved, TYPE_REQUIRED);

/** The body of POST /api/commands/send: with `?groupId=` it goes to the group's devices, and names none itself. */
export const sendCommandBodySchema = commandFields
  .extend({ deviceId: refSchema.optional().or(z.literal(0)) })
  .refine(typeOrSaved, TYPE_REQUIRED);

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

/** POST /api/commands/send?groupId=: one result for each device of the group (FAILED with the reason, id 0). */
export const groupCommandResultsSchema = z.array(sentCommandSchema);
