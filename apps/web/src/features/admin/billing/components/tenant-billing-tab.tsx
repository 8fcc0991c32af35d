import { InvoicesList } from './invoices-list';

/** A tenant's invoices on its detail page (the invoice list limited to the tenant, with its detail drawer). */
export function TenantBillingTab({ tenantId }: { tenantId: number }) {
  return <InvoicesList tenantId={tenantId} />;
}
