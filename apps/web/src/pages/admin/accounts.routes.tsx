import type { Permission } from '@waymark/contracts/permissions';
import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../features/permissions/require-permission';

const RolesPage = lazy(async () => ({ default: (await import('./roles-page')).RolesPage }));
const RoleEditPage = lazy(async () => ({ default: (await import('./roles-page')).RoleEditPage }));
const UsersPage = lazy(async () => ({ default: (await import('./users-page')).UsersPage }));
const UserDetailsPage = lazy(async () => ({ default: (await import('./users-page')).UserDetailsPage }));

const guarded = (element: ReactNode, ...flags: Permission[]) => (
  <RequirePermission flags={flags}>{element}</RequirePermission>
);

/** The admin area's accounts pages, each behind the flags of its route (mounted under /admin by router.tsx). */
export const accountsAdminRoutes: RouteObject[] = [
  { path: 'roles', element: guarded(<RolesPage />, 'VIEW_ROLES') },
  { path: 'roles/create', element: guarded(<RoleEditPage />, 'CREATE_ROLE') },
  { path: 'roles/edit/:id', element: guarded(<RoleEditPage />, 'EDIT_ROLE') },
  { path: 'users', element: guarded(<UsersPage />, 'VIEW_USERS') },
  { path: 'users/:id', element: guarded(<UserDetailsPage />, 'VIEW_USER_DETAILS') },
  { path: 'users/:id/details', element: guarded(<UserDetailsPage />, 'VIEW_USER_DETAILS') },
];
