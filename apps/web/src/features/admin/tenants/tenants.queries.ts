import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@waymark/contracts/common';
import type { Tenant, TenantUpdate } from '@waymark/contracts/tenant';
import { TENANT_MEMBER_PAGE_SIZE } from '@waymark/contracts/tenant';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAdminMutation } from '../shared/use-admin-mutation';
import { TenantRuleError } from './tenant-rules';
import * as api from './tenants.api';

type Params = Record<string, string | number | undefined>;

/** Query keys of the admin tenants; every key starts with `tenantKeys.all`. */
export const tenantKeys = {
  all: ['admin', 'tenants'] as const,
  lists: () => [...tenantKeys.all, 'list'] as const,
  list: (params: Params) => [...tenantKeys.lists(), params] as const,
  activeCount: () => [...tenantKeys.all, 'active-count'] as const,
  detail: (id: number) => [...tenantKeys.all, 'detail', id] as const,
  children: (id: number) => [...tenantKeys.all, 'children', id] as const,
  groups: (id: number) => [...tenantKeys.all, 'groups', id] as const,
  users: (id: number) => [...tenantKeys.all, 'users', id] as const,
  mapping: (id: number) => [...tenantKeys.all, 'mapping', id] as const,
  devices: (id: number) => [...tenantKeys.all, 'devices', id] as const,
  roles: (id: number) => [...tenantKeys.all, 'roles', id] as const,
  /** the server's retention and every tenant's own (one read for all tenants) */
  retention: () => [...tenantKeys.all, 'retention'] as const,
};

export const useTenantsQuery = (params: Params) =>
  useQuery({ queryKey: tenantKeys.list(params), queryFn: () => api.fetchTenants(params) });

/** How many tenants are active (adjusted in place when one is activated or deactivated). */
export const useActiveCountQuery = () =>
  useQuery({
    queryKey: tenantKeys.activeCount(),
    queryFn: async () => (await api.fetchTenants({ status: 'active', size: 1 })).totalElements,
  });

export const useTenantQuery = (id: number) =>
  useQuery({ queryKey: tenantKeys.detail(id), queryFn: () => api.fetchTenant(id) });

export const useChildrenQuery = (id: number) =>
  useQuery({ queryKey: tenantKeys.children(id), queryFn: () => api.fetchChildren(id) });

export const useTenantGroupsQuery = (tenantId: number, params: Params = {}) =>
  useQuery({
    queryKey: [...tenantKeys.groups(tenantId), params],
    queryFn: () => api.fetchTenantGroups({ size: TENANT_MEMBER_PAGE_SIZE, ...params, tenantId }),
  });

export const useTenantUsersQuery = (tenantId: number, params: Params = {}) =>
  useQuery({
    queryKey: [...tenantKeys.users(tenantId), params],
    queryFn: () => api.fetchTenantUsers(tenantId, { size: TENANT_MEMBER_PAGE_SIZE, ...params }),
  });

export const useUserGroupMappingQuery = (tenantId: number) =>
  useQuery({ queryKey: tenantKeys.mapping(tenantId), queryFn: () => api.fetchUserGroupMapping(tenantId) });

export const useTenantDevicesQuery = (tenantId: number, params: Params = {}) =>
  useQuery({
    queryKey: [...tenantKeys.devices(tenantId), params],
    queryFn: () => api.fetchTenantDevices(tenantId, { size: TENANT_MEMBER_PAGE_SIZE, ...params }),
  });

export const useAssignableRolesQuery = (tenantId: number) =>
  useQuery({ queryKey: tenantKeys.roles(tenantId), queryFn: () => api.fetchAssignableRoles(tenantId) });

/** Keys of the translated client-side refusals (their English text is the error's message). */
const RULE_KEYS: Record<string, string> = {
  'Invalid group ID provided for user assignment': 'errors.invalidGroupForUser',
  'Invalid group ID provided for device assignment': 'errors.invalidGroupForDevice',
  'Failed to assign device': 'errors.assignDevice',
};

/** The toast of a failed tenant write: a client-side rule's own text, the server's message, else `failure`. */
export function useNotifyTenantError() {
  const { t } = useTranslation('adminTenants');
  return (error: unknown, failure: string) => {
    if (error instanceof TenantRuleError) {
      const key = RULE_KEYS[error.message];
      notifyError(error, key ? t(key as never) : error.message);
    } else notifyError(error, failure);
  };
}

/**
 * Saves a tenant's changes optimistically: the detail and every loaded list page show them at once, and go back
 * to what they were when the server refuses; the server's answer then replaces them.
 */
export function useUpdateTenantMutation() {
  const { t } = useTranslation('adminTenants');
  const queryClient = useQueryClient();
  const notifyFailure = useNotifyTenantError();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TenantUpdate }) => api.updateTenant(id, input),
    onMutate: async ({ id, input }) => {
      await queryClient.cancelQueries({ queryKey: tenantKeys.all });
      const detail = queryClient.getQueryData<Tenant>(tenantKeys.detail(id));
      const lists = queryClient.getQueriesData<Page<Tenant>>({ queryKey: tenantKeys.lists() });
      const apply = (tenant: Tenant): Tenant => (tenant.id === id ? { ...tenant, ...input } : tenant);
      if (detail) queryClient.setQueryData(tenantKeys.detail(id), apply(detail));
      queryClient.setQueriesData<Page<Tenant>>({ queryKey: tenantKeys.lists() }, (page) =>
        page ? { ...page, content: page.content.map(apply) } : page,
      );
      return { detail, lists };
    },
    onError: (error, { id }, snapshot) => {
      if (snapshot?.detail) queryClient.setQueryData(tenantKeys.detail(id), snapshot.detail);
      for (const [key, page] of snapshot?.lists ?? []) queryClient.setQueryData(key, page);
      notifyFailure(error, t('errors.updateTenant'));
    },
    onSuccess: (tenant) => {
      queryClient.setQueryData(tenantKeys.detail(tenant.id), tenant);
      notifySuccess(t('success.tenantUpdated'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantKeys.lists() }),
  });
}

/**
 * Activates or deactivates a tenant; the active count moves with it (one up or down) without a reload.
 */
export function useTenantActiveMutation() {
  const { t } = useTranslation('adminTenants');
  const queryClient = useQueryClient();
  const notifyFailure = useNotifyTenantError();
  return useAdminMutation({
    mutationFn: ({ tenant, active }: { tenant: Tenant; active: boolean }) => api.setTenantActive(tenant.id, active),
    invalidates: ({ tenant }) => [tenantKeys.lists(), tenantKeys.detail(tenant.id), tenantKeys.children(tenant.id)],
    success: t('success.tenantUpdated'),
    failure: t('errors.updateTenant'),
    notifyFailure,
    onSuccess: (result, { tenant }) => {
      if (result.active === tenant.active) return;
      queryClient.setQueryData<number>(tenantKeys.activeCount(), (count) =>
        count === undefined ? count : Math.max(0, count + (result.active ? 1 : -1)),
      );
    },
  });
}
