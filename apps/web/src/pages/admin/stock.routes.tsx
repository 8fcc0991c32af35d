import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../features/permissions/require-permission';

const StockDevicesPage = lazy(async () => ({ default: (await import('./stock-devices-page')).StockDevicesPage }));
const StockDevicePage = lazy(async () => ({ default: (await import('./stock-device-page')).StockDevicePage }));

/** The admin area's stock pages, each behind the flags of its route (mounted under /admin by router.tsx). */
export const stockAdminRoutes: RouteObject[] = [
  {
    path: 'devices',
    element: (
      <RequirePermission flags={['VIEW_DEVICES']}>
        <StockDevicesPage />
      </RequirePermission>
    ),
  },
  {
    path: 'devices/:id',
    element: (
      <RequirePermission flags={['VIEW_DEVICE_DETAILS']}>
        <StockDevicePage />
      </RequirePermission>
    ),
  },
  {
    path: 'devices/:id/details',
    element: (
      <RequirePermission flags={['VIEW_DEVICE_DETAILS']}>
        <StockDevicePage />
      </RequirePermission>
    ),
  },
];
