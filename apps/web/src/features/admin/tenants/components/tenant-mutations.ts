import type { TenantInput } from '@waymark/contracts/tenant';
import { useTranslation } from 'react-i18next';
import * as api from '../tenants.api';
import { tenantKeys, useTenantMutation } from '../tenants.queries';

/** Creating and deleting tenants, with their catalogue texts. */
export function useTenantWrites(onDone: () => void) {
  const { t } = useTranslation('adminTenants');
  const create = useTenantMutation({
    mutationFn: (input: TenantInput) => api.createTenant(input),
    invalidates: (input) => [
      tenantKeys.lists(),
      tenantKeys.activeCount(),
      ...(input.parentTenantId ? [tenantKeys.children(input.parentTenantId)] : []),
    ],
    success: t('success.tenantCreated'),
    failure: t('errors.createTenant'),
    onSuccess: onDone,
  });
  const remove = useTenantMutation({
    mutationFn: (id: number) => api.deleteTenant(id),
    invalidates: () => [tenantKeys.all],
    success: t('success.tenantDeleted'),
    failure: t('errors.deleteTenant'),
    onSuccess: onDone,
  });
  return { create, remove };
}
