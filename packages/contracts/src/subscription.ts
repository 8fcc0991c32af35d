import { z } from 'zod';
import { isoTimeSchema, refSchema, text, timeSchema } from './common';
import { permissionSchema } from './permissions';

/** How often a plan bills: once a month, a quarter or a year. */
export const billingIntervalSchema = z.enum(['MONTHLY', 'QUARTERLY', 'YEARLY']);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/** ISO 4217 currency codes the invoices are written in. */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'] as const;
export const currencySchema = z.enum(CURRENCIES);

/** A subscription plan: what a tenant pays per device and interval, how many devices, which permission flags. */
export const subscriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  priceCents: z.number().int().describe('price per active device per interval, in the currency’s minor unit'),
  currency: z.string(),
  interval: billingIntervalSchema,
  deviceLimit: z.number().int().describe('most devices a tenant on the plan may hold; -1: no limit'),
  disabled: z.boolean(),
  permissions: z.array(permissionSchema).describe('the permission flags the plan grants its tenants'),
  tenantCount: z.number().int(),
  createdAt: isoTimeSchema,
});
export type SubscriptionDto = z.infer<typeof subscriptionSchema>;

export const subscriptionInputSchema = z.object({
  name: text().trim().min(1).max(64),
  description: text().trim().max(512).nullish(),
  priceCents: z.number().int().min(0).max(100_000_000),
  currency: currencySchema.default('EUR'),
  interval: billingIntervalSchema.default('MONTHLY'),
  deviceLimit: z.number().int().min(-1).max(1_000_000).default(-1),
  permissions: z
    .array(permissionSchema)
    .max(100)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

/** Puts a tenant on a plan, until `expiresAt` (default: one interval of the plan from now). */
export const subscriptionAssignSchema = z.object({
  tenantId: refSchema,
  expiresAt: timeSchema.optional(),
});
export type SubscriptionAssign = z.infer<typeof subscriptionAssignSchema>;

/** A tenant's plan as its detail page shows it. */
export const tenantSubscriptionSchema = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  subscription: subscriptionSchema.nullable(),
  expiresAt: isoTimeSchema.nullable(),
  activeDevices: z.number().int(),
});
export type TenantSubscriptionDto = z.infer<typeof tenantSubscriptionSchema>;
