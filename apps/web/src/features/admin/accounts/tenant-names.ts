import { useQueries } from '@tanstack/react-query';
import { fetchTenant } from '../tenants/tenants.api';
import { tenantKeys } from '../tenants/tenants.queries';

/**
 * The names of the tenants `ids` (those of one page of users, so a few), each read once under the tenant pages'
 * own key so both share it. Without `enabled` (the caller may not read tenants) it asks nothing and knows none.
 */
export function useTenantNames(ids: readonly number[], enabled: boolean): Map<number, string> {
  const unique = [...new Set(ids)];
  const tenants = useQueries({
    queries: unique.map((id) => ({
      queryKey: tenantKeys.detail(id),
      queryFn: () => fetchTenant(id),
      enabled,
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const names = new Map<number, string>();
  for (const tenant of tenants) if (tenant.data) names.set(tenant.data.id, tenant.data.name);
  return names;
}
