import { z } from 'zod';
import { timeSchema } from './common';

/** GET /api/audit: a time window, both ends required (Traccar's). */
export const auditQuerySchema = z
  .object({ from: timeSchema, to: timeSchema })
  .refine((q) => new Date(q.from) < new Date(q.to), { message: 'from must be before to', path: ['from'] });

/** One audited action in Traccar's Action shape. */
export const actionSchema = z.object({
  id: z.number().int(),
  actionTime: z.string().describe('when it was recorded (ISO)'),
  address: z.string().nullable().describe('the client address'),
  userId: z.number().int().describe('who did it (0: nobody signed in, a failed sign-in)'),
  userEmail: z.string().nullable(),
  actionType: z.string().describe('our action name: user.created, session.signed_in, command.sent, …'),
  objectType: z.string().nullable(),
  objectId: z.number().int().describe('the object acted on (0: none, or not a number)'),
  attributes: z.record(z.string(), z.unknown()).describe('the details recorded with it'),
});

export const actionListSchema = z.array(actionSchema);
