import type { RouteObject } from 'react-router-dom';

/** The admin area's billing pages, each behind the flags of its route (mounted under /admin by router.tsx). */
export const billingAdminRoutes: RouteObject[] = [];
