import { z } from 'zod';
import { idSchema, int4, text } from './common';

/** A hundred years: the longest retention that can be set. */
export const RETENTION_MAX_DAYS = 36_500;

/** Days of positions and events kept; null keeps them (server) or follows the server (tenant). */
export const retentionDaysSchema = z
  .number()
  .int('Retention is a whole number of days')
  .min(1, 'Retention keeps at least one day')
  .max(RETENTION_MAX_DAYS, `Retention is at most ${RETENTION_MAX_DAYS} days`)
  .nullable();

/** PUT /api/v2/tenants/{id}/retention */
export const tenantRetentionInputSchema = z.object({ retentionDays: retentionDaysSchema });

export const tenantRetentionSchema = z.object({
  tenantId: idSchema,
  name: text(),
  /** the tenant's own setting */
  retentionDays: retentionDaysSchema,
  /** what applies: the shorter of the tenant's and the server's */
  effectiveDays: retentionDaysSchema,
});
export type TenantRetention = z.infer<typeof tenantRetentionSchema>;

/** One month of positions or events (a partition). */
export const historyPartitionSchema = z.object({
  table: z.enum(['positions', 'events']),
  name: text(),
  from: z.string().describe('ISO-8601, first instant held'),
  to: z.string().describe('ISO-8601, first instant past it'),
  rows: z.number().describe("PostgreSQL's estimate; -1 before the month was first analysed"),
  bytes: z.number(),
});

/** GET /api/v2/retention */
export const retentionSchema = z.object({
  serverDays: retentionDaysSchema,
  tenants: z.array(tenantRetentionSchema).describe('tenants with a retention of their own'),
  partitions: z.array(historyPartitionSchema),
  pendingPurges: int4().describe('deleted devices whose positions and events are still being removed'),
});
export type Retention = z.infer<typeof retentionSchema>;
