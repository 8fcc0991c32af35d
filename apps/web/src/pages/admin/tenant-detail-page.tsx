import { useParams } from 'react-router-dom';
import { TenantBillingTab } from '../../features/admin/billing/components/tenant-billing-tab';
import { TenantSubscriptionTab } from '../../features/admin/billing/components/tenant-subscription-tab';
import type { TenantPanels } from '../../features/admin/tenants/components/tenant-detail';
import { TenantDetail } from '../../features/admin/tenants/components/tenant-detail';

/** The billing area's views of one tenant, shown in the tenant's subscription and billing tabs. */
const PANELS: TenantPanels = {
  subscription: (tenantId) => <TenantSubscriptionTab tenantId={tenantId} />,
  billing: (tenantId) => <TenantBillingTab tenantId={tenantId} />,
};

/** /admin/tenants/:id: the tenant's tabs, its subscription and billing from the billing area. */
export function TenantDetailPage() {
  const { id } = useParams();
  const tenantId = Number.parseInt(id ?? '', 10);
  return <TenantDetail key={tenantId} tenantId={tenantId} panels={PANELS} />;
}
