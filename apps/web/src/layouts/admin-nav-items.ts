import {
  IconBell,
  IconChartBar,
  IconCpu,
  IconCreditCard,
  IconDeviceSim,
  IconDevices,
  IconFileInvoice,
  IconHourglassLow,
  IconLayoutDashboard,
  IconMap,
  IconShieldLock,
  IconSitemap,
  IconTruckDelivery,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import type { NavSection } from './nav-items';

/**
 * The admin area's navigation: every page under /admin with the flags of its route (the same flags the route
 * guard and the API check). Billing pages other than notifications and subscriptions carry the layout's flags.
 */
export const adminNavSections: readonly NavSection[] = [
  {
    items: [
      {
        label: 'nav.adminDashboard',
        to: '/admin/dashboard',
        icon: IconLayoutDashboard,
        permissions: ['VIEW_ADMIN_DASHBOARD'],
      },
      { label: 'nav.tenants', to: '/admin/tenants', icon: IconSitemap, permissions: ['ADMIN_ACCOUNT', 'VIEW_TENANT'] },
      {
        // its label is in the admin area's lazily loaded texts (not the sign-in bundle)
        label: 'adminForwarding:nav',
        to: '/admin/forwarding',
        icon: IconWebhook,
        permissions: ['ADMIN_ACCOUNT', 'VIEW_TENANT'],
      },
    ],
  },
  {
    label: 'nav.accounts',
    items: [
      { label: 'nav.users', to: '/admin/users', icon: IconUsers, permissions: ['VIEW_USERS'] },
      { label: 'nav.roles', to: '/admin/roles', icon: IconShieldLock, permissions: ['VIEW_ROLES'] },
    ],
  },
  {
    label: 'nav.stock',
    items: [
      { label: 'nav.stockDevices', to: '/admin/devices', icon: IconDevices, permissions: ['VIEW_DEVICES'] },
      { label: 'nav.models', to: '/admin/models', icon: IconCpu, permissions: ['VIEW_MODELS'] },
      { label: 'nav.sims', to: '/admin/sims', icon: IconDeviceSim, permissions: ['VIEW_SIMS'] },
      { label: 'nav.vendors', to: '/admin/vendors', icon: IconTruckDelivery, permissions: ['VIEW_VENDORS'] },
    ],
  },
  {
    label: 'nav.billing',
    items: [
      { label: 'nav.subscriptions', to: '/admin/subscriptions', icon: IconCreditCard, permissions: ['ADMIN_ACCOUNT'] },
      {
        label: 'nav.invoices',
        to: '/admin/billing/invoices',
        icon: IconFileInvoice,
        permissions: ['ADMIN_ACCOUNT', 'VIEW_TENANT'],
      },
      {
        label: 'nav.expired',
        to: '/admin/billing/expired',
        icon: IconHourglassLow,
        permissions: ['ADMIN_ACCOUNT', 'VIEW_TENANT'],
      },
      {
        label: 'nav.billingStats',
        to: '/admin/billing/stats',
        icon: IconChartBar,
        permissions: ['ADMIN_ACCOUNT', 'VIEW_TENANT'],
      },
      {
        label: 'nav.billingNotifications',
        to: '/admin/billing/notifications',
        icon: IconBell,
        permissions: ['VIEW_BILLING_NOTIFICATIONS'],
      },
    ],
  },
  { items: [{ label: 'nav.backToMap', to: '/home', icon: IconMap }] },
];
