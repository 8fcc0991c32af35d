import type { Permission } from '@waymark/contracts/permissions';
import { type ComponentType, lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../features/permissions/require-permission';

function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const guarded = (element: ReactNode, ...flags: Permission[]) => (
  <RequirePermission flags={flags}>{element}</RequirePermission>
);

const AdminDashboardPage = page(() => import('./admin-dashboard-page'), 'AdminDashboardPage');
const ModelsPage = page(() => import('./models-page'), 'ModelsPage');
const VendorsPage = page(() => import('./vendors-page'), 'VendorsPage');
const SimsPage = page(() => import('./sims-page'), 'SimsPage');
const SimDetailsPage = page(() => import('./sim-details-page'), 'SimDetailsPage');

/** The admin area's catalogue pages, each behind the flags of its route (mounted under /admin by router.tsx). */
export const catalogueAdminRoutes: RouteObject[] = [
  { path: 'dashboard', element: guarded(<AdminDashboardPage />, 'VIEW_ADMIN_DASHBOARD') },
  { path: 'models', element: guarded(<ModelsPage />, 'VIEW_MODELS') },
  { path: 'vendors', element: guarded(<VendorsPage />, 'VIEW_VENDORS') },
  { path: 'sims', element: guarded(<SimsPage />, 'VIEW_SIMS') },
  { path: 'sims/:id', element: guarded(<SimDetailsPage />, 'VIEW_SIM_DETAILS') },
  { path: 'sims/:id/details', element: guarded(<SimDetailsPage />, 'VIEW_SIM_DETAILS') },
];
