import { z } from 'zod';
import { simStatusSchema } from './sim';

/** The admin dashboard's figures, all within the caller's tenants (every tenant for platform staff). */

const count = z.number().int().min(0);

export const STOCK_STATUSES = ['IN_STOCK', 'READY', 'ASSIGNED', 'UN_ASSIGNED', 'DISABLED'] as const;
export const CONNECTION_STATUSES = ['online', 'offline', 'unknown'] as const;

/** How many days ahead a subscription counts as expiring, and how many days the positions chart covers. */
export const DASHBOARD_EXPIRY_DAYS = 30;
export const DASHBOARD_POSITION_DAYS = 30;
export const DASHBOARD_TOP_TENANTS = 10;

export const dashboardSchema = z.object({
  tenants: z.object({ active: count, inactive: count }),
  users: count,
  devices: z.object({
    total: count,
    byStock: z.record(z.enum(STOCK_STATUSES), count),
    byConnection: z.record(z.enum(CONNECTION_STATUSES), count),
  }),
  sims: z.record(simStatusSchema, count),
  expiringSubscriptions: z.array(
    z.object({ tenantId: z.number().int(), name: z.string(), expiresAt: z.string().describe('ISO-8601 UTC') }),
  ),
  overdueInvoices: z.object({
    count,
    amounts: z
      .array(z.object({ currency: z.string(), amountCents: z.number().int() }))
      .describe('outstanding amount per currency, in minor units'),
  }),
  positionsPerDay: z
    .array(z.object({ day: z.string().describe('YYYY-MM-DD, UTC'), count }))
    .describe('one entry per day, oldest first, days without positions included'),
  topTenants: z.array(z.object({ tenantId: z.number().int(), name: z.string(), devices: count })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
