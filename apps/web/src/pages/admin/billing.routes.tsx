import type { Permission } from '@waymark/contracts/permissions';
import { type ComponentType, lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../features/permissions/require-permission';

function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

function guarded(element: ReactNode, ...flags: Permission[]) {
  return <RequirePermission flags={flags}>{element}</RequirePermission>;
}

const SubscriptionsPage = page(() => import('./subscriptions-page'), 'SubscriptionsPage');
const SubscriptionCreatePage = page(() => import('./subscription-create-page'), 'SubscriptionCreatePage');
const InvoicesPage = page(() => import('./invoices-page'), 'InvoicesPage');
const ExpiredPage = page(() => import('./expired-page'), 'ExpiredPage');
const BillingStatsPage = page(() => import('./billing-stats-page'), 'BillingStatsPage');
const BillingNotificationsPage = page(() => import('./billing-notifications-page'), 'BillingNotificationsPage');

/** Reads need the layout's flags (the API scopes them); writing plans needs ADMIN_ACCOUNT. */
const READ: Permission[] = ['ADMIN_ACCOUNT', 'VIEW_TENANT'];

/** The admin area's billing pages, each behind the flags of its route (mounted under /admin by router.tsx). */
export const billingAdminRoutes: RouteObject[] = [
  { path: 'subscriptions', element: guarded(<SubscriptionsPage />, ...READ) },
  { path: 'subscriptions/create', element: guarded(<SubscriptionCreatePage />, 'ADMIN_ACCOUNT') },
  { path: 'billing/invoices', element: guarded(<InvoicesPage />, ...READ) },
  { path: 'billing/expired', element: guarded(<ExpiredPage />, ...READ) },
  { path: 'billing/stats', element: guarded(<BillingStatsPage />, ...READ) },
  { path: 'billing/notifications', element: guarded(<BillingNotificationsPage />, 'VIEW_BILLING_NOTIFICATIONS') },
];
