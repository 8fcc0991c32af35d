import type { Permission } from '@waymark/contracts/permissions';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../features/permissions/require-permission';

const TENANT_FLAGS: Permission[] = ['ADMIN_ACCOUNT', 'VIEW_TENANT'];

const TenantsPage = lazy(async () => ({ default: (await import('./tenants-page')).TenantsPage }));
const TenantDetailPage = lazy(async () => ({ default: (await import('./tenant-detail-page')).TenantDetailPage }));

/** The admin area's tenants pages, each behind the flags of its route (mounted under /admin by router.tsx). */
export const tenantsAdminRoutes: RouteObject[] = [
  {
    path: 'tenants',
    element: (
      <RequirePermission flags={TENANT_FLAGS}>
        <TenantsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'tenants/:id',
    element: (
      <RequirePermission flags={TENANT_FLAGS}>
        <TenantDetailPage />
      </RequirePermission>
    ),
  },
];
