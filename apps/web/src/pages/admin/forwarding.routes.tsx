import type { Permission } from '@waymark/contracts/permissions';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../features/permissions/require-permission';

/** The flags /api/v2/forwarding takes: platform administrators (server-wide targets) and tenant administrators. */
const FORWARDING_FLAGS: Permission[] = ['ADMIN_ACCOUNT', 'VIEW_TENANT'];

const ForwardingPage = lazy(async () => ({ default: (await import('./forwarding-page')).ForwardingPage }));

/** The admin area's forwarding page (mounted under /admin by router.tsx). */
export const forwardingAdminRoutes: RouteObject[] = [
  {
    path: 'forwarding',
    element: (
      <RequirePermission flags={FORWARDING_FLAGS}>
        <ForwardingPage />
      </RequirePermission>
    ),
  },
];
