import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  fetchBillingNotifications,
  fetchBillingStats,
  fetchExpired,
  fetchInvoice,
  fetchInvoices,
  fetchSubscriptions,
  fetchTenantSubscription,
} from './billing.api';

/** Query keys of the billing area; every key starts with `billingKeys.all`, each list under its own root. */
export const billingKeys = {
  all: ['adminBilling'] as const,
  subscriptions: () => [...billingKeys.all, 'subscriptions'] as const,
  tenantSubscription: (tenantId: number) => [...billingKeys.subscriptions(), 'tenant', tenantId] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
  invoiceList: (params: Record<string, string | number>) => [...billingKeys.invoices(), 'list', params] as const,
  invoice: (id: number) => [...billingKeys.invoices(), 'one', id] as const,
  expired: () => [...billingKeys.all, 'expired'] as const,
  stats: (months: number) => [...billingKeys.all, 'stats', months] as const,
  notifications: () => [...billingKeys.all, 'notifications'] as const,
};

export const useSubscriptionsQuery = () =>
  useQuery({ queryKey: billingKeys.subscriptions(), queryFn: fetchSubscriptions });

export const useTenantSubscriptionQuery = (tenantId: number) =>
  useQuery({ queryKey: billingKeys.tenantSubscription(tenantId), queryFn: () => fetchTenantSubscription(tenantId) });

export const useInvoicesQuery = (params: Record<string, string | number>) =>
  useQuery({
    queryKey: billingKeys.invoiceList(params),
    queryFn: () => fetchInvoices(params),
    placeholderData: keepPreviousData,
  });

export const useInvoiceQuery = (id: number | null) =>
  useQuery({
    queryKey: billingKeys.invoice(id ?? 0),
    queryFn: () => fetchInvoice(id as number),
    enabled: id !== null,
  });

export const useExpiredQuery = () => useQuery({ queryKey: billingKeys.expired(), queryFn: fetchExpired });

export const useBillingStatsQuery = (months: number) =>
  useQuery({ queryKey: billingKeys.stats(months), queryFn: () => fetchBillingStats(months) });

export const useBillingNotificationsQuery = () =>
  useQuery({ queryKey: billingKeys.notifications(), queryFn: fetchBillingNotifications });
