import { z } from 'zod';
import { isoTimeSchema, pageQuerySchema, refSchema, text } from './common';

export const invoiceStatusSchema = z.enum(['DRAFT', 'ISSUED', 'PAID', 'OVERDUE', 'VOID']);

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
});

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  subscriptionId: z.number().int().nullable(),
  subscriptionName: z.string().nullable(),
  status: invoiceStatusSchema,
  amountCents: z.number().int().describe('total, in the currency’s minor unit'),
  currency: z.string(),
  periodStart: isoTimeSchema,
  periodEnd: isoTimeSchema,
  issuedAt: isoTimeSchema.nullable(),
  dueAt: isoTimeSchema.nullable(),
  paidAt: isoTimeSchema.nullable(),
  lines: z.array(invoiceLineSchema),
});
export type InvoiceDto = z.infer<typeof invoiceSchema>;

export const invoiceQuerySchema = pageQuerySchema.extend({
  tenantId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: invoiceStatusSchema.optional(),
});
export type InvoiceQuery = z.infer<typeof invoiceQuerySchema>;

/** Where to send the payer to pay an invoice online. */
export const checkoutSchema = z.object({ url: z.string() });

/** What the payment provider sends back with the payer (all text, as a query string carries it). */
export const paymentCallbackQuerySchema = z.object({
  invoice: text().max(64),
  session: text().max(256),
  status: text().max(32),
  signature: text().max(256),
});
export type PaymentCallbackQuery = z.infer<typeof paymentCallbackQuerySchema>;

export const paymentConfirmationSchema = z.object({
  number: z.string(),
  status: invoiceStatusSchema,
  amountCents: z.number().int(),
  currency: z.string(),
  paidAt: isoTimeSchema.nullable(),
});

// ── expired subscriptions and devices ──

export const expiredSchema = z.object({
  tenants: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      subscriptionName: z.string().nullable(),
      expiresAt: isoTimeSchema,
    }),
  ),
  devices: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      uniqueId: z.string(),
      tenantId: z.number().int().nullable(),
      tenantName: z.string().nullable(),
      expiresAt: isoTimeSchema,
    }),
  ),
});
export type ExpiredDto = z.infer<typeof expiredSchema>;

export const extendInputSchema = z
  .object({
    tenantIds: z.array(refSchema).max(1000).default([]),
    deviceIds: z.array(refSchema).max(1000).default([]),
    months: z.number().int().min(1).max(60),
  })
  .refine((v) => v.tenantIds.length + v.deviceIds.length > 0, 'name at least one tenant or device');
export type ExtendInput = z.infer<typeof extendInputSchema>;

export const extendResultSchema = z.object({ tenants: z.number().int(), devices: z.number().int() });

// ── statistics ──

export const billingStatsSchema = z.object({
  months: z.array(
    z.object({
      month: z.string().describe('YYYY-MM'),
      /** revenue of the month's paid and issued invoices, by currency, minor units */
      revenue: z.record(z.string(), z.number().int()),
      /** of which paid, by currency */
      paid: z.record(z.string(), z.number().int()),
      churn: z.number().int().describe('tenants deactivated or whose subscription lapsed in the month, each once'),
      churnRate: z
        .number()
        .nullable()
        .describe("the month's churn over the tenants active at its start; null when there were none"),
    }),
  ),
  activeDevices: z.number().int(),
  activeTenants: z.number().int(),
  currencies: z.array(z.string()),
});
export type BillingStatsDto = z.infer<typeof billingStatsSchema>;

// ── billing notification rules ──

export const BILLING_NOTIFICATION_TYPES = ['DAYS_BEFORE_EXPIRY', 'INVOICE_OVERDUE', 'DEVICE_LIMIT_REACHED'] as const;
export const billingNotificationTypeSchema = z.enum(BILLING_NOTIFICATION_TYPES);

export const billingNotificationSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int().nullable(),
  name: z.string(),
  type: billingNotificationTypeSchema,
  value: z.number().int().describe('days before expiry, days overdue, or percent of the device limit'),
  status: z.enum(['enabled', 'disabled']),
  createdAt: isoTimeSchema,
});
export type BillingNotificationDto = z.infer<typeof billingNotificationSchema>;

export const billingNotificationInputSchema = z
  .object({
    name: text().trim().min(1).max(128),
    type: billingNotificationTypeSchema,
    value: z.number().int().min(1).max(1000),
    status: z.enum(['enabled', 'disabled']).default('enabled'),
  })
  .refine((v) => v.type !== 'DEVICE_LIMIT_REACHED' || v.value <= 100, {
    message: 'a percent of the device limit is at most 100',
    path: ['value'],
  });
export type BillingNotificationInput = z.infer<typeof billingNotificationInputSchema>;
