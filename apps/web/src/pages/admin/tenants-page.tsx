import { TenantsList } from '../../features/admin/tenants/components/tenants-list';

/** /admin/tenants */
export function TenantsPage() {
  return <TenantsList />;
}
