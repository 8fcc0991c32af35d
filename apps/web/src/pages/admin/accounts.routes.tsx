import type { RouteObject } from 'react-router-dom';

/** The admin area's accounts pages, each behind the flags of its route (mounted under /admin by router.tsx). */
export const accountsAdminRoutes: RouteObject[] = [];
