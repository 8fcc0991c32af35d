import { z } from 'zod';
import { attributesSchema, INT4_MAX, refOrNoneSchema, refSchema, text } from './common';

/** The longest group id accepted as a string; a longer one is refused as 'Invalid group ID'. */
export const GROUP_ID_MAX_LENGTH = 10;

/** A group id given as a number or as a string of digits (Traccar clients send both); 0 means none. */
export const groupIdRefSchema = z.union([
  refOrNoneSchema,
  text()
    .trim()
    .regex(/^\d{1,10}$/, 'a group id is a number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(INT4_MAX))
    .transform((v) => (v === 0 ? null : v)),
]);

/** A group of devices (Traccar's Group): a tree through parentGroupId (Traccar's groupId). */
export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentGroupId: z.number().int().nullable(),
  groupId: z.number().int().describe("the parent group, Traccar's name for parentGroupId (0: none, as Traccar)"),
  userId: z.number().int().nullable(),
  tenantId: z.number().int().nullable(),
  active: z.boolean(),
  attributes: z
    .record(z.string(), z.unknown())
    .describe('free JSON; settings inherited by the devices of the group live here (speedLimit in knots, …)'),
});
export type GroupDto = z.infer<typeof groupSchema>;

export const groupInputSchema = z.object({
  name: text().trim().min(1).max(128),
  parentGroupId: groupIdRefSchema.nullish(),
  groupId: groupIdRefSchema.nullish().describe('parent group (Traccar); parentGroupId wins when both come'),
  userId: refSchema.nullish(),
  tenantId: refSchema.nullish().describe('platform staff only: the tenant the group belongs to'),
  active: z.boolean().optional(),
  attributes: attributesSchema.optional(),
});
export type GroupInput = z.infer<typeof groupInputSchema>;
