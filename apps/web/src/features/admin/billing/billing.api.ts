import {
  type BillingNotificationInput,
  billingNotificationSchema,
  billingStatsSchema,
  checkoutSchema,
  type ExtendInput,
  expiredSchema,
  extendResultSchema,
  invoiceSchema,
  paymentConfirmationSchema,
} from '@waymark/contracts/billing';
import { dataSchema, pageSchema } from '@waymark/contracts/common';
import {
  type SubscriptionAssign,
  type SubscriptionInput,
  subscriptionSchema,
  tenantSubscriptionSchema,
} from '@waymark/contracts/subscription';
import { z } from 'zod';
import { ApiError, http } from '../../../api/http';
import { getAccessToken } from '../../../api/token-storage';
import { queryString } from '../shared/use-page-query';

const V2 = '/api/v2';
const unwrap = async <T>(promise: Promise<{ data: T }>) => (await promise).data;

// ── subscription plans ──

export const fetchSubscriptions = () =>
  unwrap(http(`${V2}/subscription`, { schema: dataSchema(z.array(subscriptionSchema)) }));

export const saveSubscription = ({ id, input }: { id?: number; input: SubscriptionInput }) =>
  unwrap(
    http(id ? `${V2}/subscription/${id}` : `${V2}/subscription`, {
      method: id ? 'PUT' : 'POST',
      body: input,
      schema: dataSchema(subscriptionSchema),
    }),
  );

export const setSubscriptionDisabled = ({ id, disabled }: { id: number; disabled: boolean }) =>
  unwrap(
    http(`${V2}/subscription/${disabled ? 'disable' : 'enable'}/${id}`, {
      method: 'PATCH',
      schema: dataSchema(subscriptionSchema),
    }),
  );

export const fetchTenantSubscription = (tenantId: number) =>
  unwrap(http(`${V2}/subscription/tenant/${tenantId}`, { schema: dataSchema(tenantSubscriptionSchema) }));

export const assignSubscription = ({ id, ...body }: SubscriptionAssign & { id: number }) =>
  unwrap(
    http(`${V2}/subscription/${id}/assign`, { method: 'POST', body, schema: dataSchema(tenantSubscriptionSchema) }),
  );

// ── invoices ──

export const fetchInvoices = (params: Record<string, string | number>) =>
  unwrap(http(`${V2}/billing/invoice${queryString(params)}`, { schema: dataSchema(pageSchema(invoiceSchema)) }));

export const fetchInvoice = (id: number) =>
  unwrap(http(`${V2}/billing/invoice/${id}`, { schema: dataSchema(invoiceSchema) }));

export const payInvoice = (id: number) =>
  unwrap(http(`${V2}/billing/invoice/${id}/pay`, { method: 'POST', schema: dataSchema(invoiceSchema) }));

export const checkoutInvoice = (id: number) =>
  unwrap(http(`${V2}/billing/invoice/${id}/checkout`, { method: 'POST', schema: dataSchema(checkoutSchema) }));

/** The invoice's PDF as a file (fetched with the access token, so it cannot be a plain link). */
export async function fetchInvoicePdf(id: number): Promise<Blob> {
  const token = getAccessToken();
  const res = await fetch(`${V2}/billing/invoice/${id}/pdf`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? res.statusText, body);
  }
  return res.blob();
}

/** The provider's return, relayed from the public success page. */
export const confirmPayment = (params: Record<string, string>) =>
  unwrap(http(`${V2}/payment/callback${queryString(params)}`, { schema: dataSchema(paymentConfirmationSchema) }));

// ── expiries and figures ──

export const fetchExpired = () => unwrap(http(`${V2}/billing/expired`, { schema: dataSchema(expiredSchema) }));

export const extendExpiry = (input: ExtendInput) =>
  unwrap(http(`${V2}/billing/expired/extend`, { method: 'POST', body: input, schema: dataSchema(extendResultSchema) }));

export const fetchBillingStats = (months: number) =>
  unwrap(http(`${V2}/billing/stats?months=${months}`, { schema: dataSchema(billingStatsSchema) }));

// ── billing notification rules ──

export const fetchBillingNotifications = () =>
  unwrap(http(`${V2}/billing/notification/all`, { schema: dataSchema(z.array(billingNotificationSchema)) }));

export const saveBillingNotification = ({ id, input }: { id?: number; input: BillingNotificationInput }) =>
  unwrap(
    http(id ? `${V2}/billing/notification/${id}` : `${V2}/billing/notification`, {
      method: id ? 'PUT' : 'POST',
      body: input,
      schema: dataSchema(billingNotificationSchema),
    }),
  );

export const setBillingNotificationEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  unwrap(
    http(`${V2}/billing/notification/${enabled ? 'enable' : 'disable'}/${id}`, {
      method: 'PUT',
      schema: dataSchema(billingNotificationSchema),
    }),
  );

export async function deleteBillingNotification(id: number): Promise<void> {
  await http(`${V2}/billing/notification/${id}`, { method: 'DELETE' });
}

/** The billing cycle now (platform staff): the current periods' missing invoices, overdue marks. */
export const runBillingCycle = () =>
  unwrap(
    http(`${V2}/billing/cycle`, {
      method: 'POST',
      schema: dataSchema(z.object({ issued: z.number(), overdue: z.number() })),
    }),
  );
