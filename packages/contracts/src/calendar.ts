import { z } from 'zod';
import { attributesSchema, refSchema, text } from './common';

/** A calendar (Traccar's Calendar): iCalendar text, base64-encoded in JSON as Traccar sends and returns it. */
export const calendarSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  data: z.string().describe('the iCalendar text, base64-encoded'),
  tenantId: z.number().int().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type CalendarDto = z.infer<typeof calendarSchema>;

export const calendarInputSchema = z.object({
  name: text().trim().min(1).max(128),
  data: text()
    .min(1)
    .max(1_000_000)
    .describe('iCalendar text, base64-encoded (Traccar) or raw; simple or recurring events (RRULE)'),
  tenantId: refSchema.nullish().describe('platform staff only'),
  attributes: attributesSchema.optional(),
});
export type CalendarInput = z.infer<typeof calendarInputSchema>;
