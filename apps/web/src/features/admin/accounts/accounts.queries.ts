import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  fetchPermissionCatalogue,
  fetchRole,
  fetchRoles,
  fetchUserAudit,
  fetchUserDetails,
  fetchUsersPage,
} from './accounts.api';

/** Query keys of the accounts admin pages. */
export const accountsKeys = {
  roles: ['admin', 'roles'] as const,
  role: (id: number) => ['admin', 'roles', id] as const,
  catalogue: ['admin', 'roles', 'catalogue'] as const,
  users: ['admin', 'users'] as const,
  usersPage: (params: Record<string, string | number>) => ['admin', 'users', 'page', params] as const,
  details: (id: number) => ['admin', 'users', 'details', id] as const,
  audit: (id: number, page: number) => ['admin', 'users', 'audit', id, page] as const,
};

export const useRolesQuery = () => useQuery({ queryKey: accountsKeys.roles, queryFn: fetchRoles });
export const useRoleQuery = (id: number | undefined) =>
  useQuery({ queryKey: accountsKeys.role(id ?? 0), queryFn: () => fetchRole(id as number), enabled: id !== undefined });
export const usePermissionCatalogueQuery = () =>
  useQuery({
    queryKey: accountsKeys.catalogue,
    queryFn: fetchPermissionCatalogue,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useUsersPageQuery = (params: Record<string, string | number>) =>
  useQuery({
    queryKey: accountsKeys.usersPage(params),
    queryFn: () => fetchUsersPage(params),
    placeholderData: keepPreviousData,
  });
export const useUserDetailsQuery = (id: number) =>
  useQuery({ queryKey: accountsKeys.details(id), queryFn: () => fetchUserDetails(id) });
export const useUserAuditQuery = (id: number, page: number) =>
  useQuery({
    queryKey: accountsKeys.audit(id, page),
    queryFn: () => fetchUserAudit(id, page),
    placeholderData: keepPreviousData,
  });
