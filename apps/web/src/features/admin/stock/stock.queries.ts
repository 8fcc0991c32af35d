import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchStockDevice, fetchStockDevices, fetchStockStats, fetchTenantGroups, fetchTenantUsers } from './stock.api';

/** The device stock's query keys: every write invalidates `all`. */
export const stockKeys = {
  all: ['admin', 'stock'] as const,
  list: (params: Record<string, string | number>) => [...stockKeys.all, 'list', params] as const,
  stats: () => [...stockKeys.all, 'stats'] as const,
  detail: (id: number) => [...stockKeys.all, 'detail', id] as const,
  groups: (tenantId: number) => [...stockKeys.all, 'groups', tenantId] as const,
  users: (tenantId: number) => [...stockKeys.all, 'users', tenantId] as const,
};

export const useStockDevices = (params: Record<string, string | number>) =>
  useQuery({
    queryKey: stockKeys.list(params),
    queryFn: () => fetchStockDevices(params),
    placeholderData: keepPreviousData,
  });

/** The tiles' counts, all six in one call. */
export const useStockStats = () => useQuery({ queryKey: stockKeys.stats(), queryFn: fetchStockStats });

export const useStockDevice = (id: number) =>
  useQuery({ queryKey: stockKeys.detail(id), queryFn: () => fetchStockDevice(id), enabled: Number.isFinite(id) });

export const useTenantGroups = (tenantId: number | null) =>
  useQuery({
    queryKey: stockKeys.groups(tenantId ?? 0),
    queryFn: () => fetchTenantGroups(tenantId as number),
    enabled: tenantId !== null,
  });

export const useTenantUsers = (tenantId: number | null) =>
  useQuery({
    queryKey: stockKeys.users(tenantId ?? 0),
    queryFn: () => fetchTenantUsers(tenantId as number),
    enabled: tenantId !== null,
  });
