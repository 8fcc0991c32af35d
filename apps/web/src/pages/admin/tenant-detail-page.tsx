import { useParams } from 'react-router-dom';
import type { TenantPanels } from '../../features/admin/tenants/components/tenant-detail';
import { TenantDetail } from '../../features/admin/tenants/components/tenant-detail';

/**
 * /admin/tenants/:id. `panels` supplies the subscription and billing tabs' contents (components taking the
 * tenant's id); without them those tabs show the tenant's subscription id and expiry.
 */
export function TenantDetailPage({ panels }: { panels?: TenantPanels }) {
  const { id } = useParams();
  const tenantId = Number.parseInt(id ?? '', 10);
  return <TenantDetail key={tenantId} tenantId={tenantId} panels={panels} />;
}
