import type { TenantInput } from '@waymark/contracts/tenant';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import * as api from '../tenants.api';
import { tenantKeys, useNotifyTenantError } from '../tenants.queries';

/** Creating and deleting tenants, with their catalogue texts. */
export function useTenantWrites(onDone: () => void) {
  const { t } = useTranslation('adminTenants');
  const notifyFailure = useNotifyTenantError();
  const create = useAdminMutation({
    mutationFn: (input: TenantInput) => api.createTenant(input),
    invalidates: (input) => [
      tenantKeys.lists(),
      tenantKeys.activeCount(),
      ...(input.parentTenantId ? [tenantKeys.children(input.parentTenantId)] : []),
    ],
    success: t('success.tenantCreated'),
    failure: t('errors.createTenant'),
    notifyFailure,
    onSuccess: onDone,
  });
  const remove = useAdminMutation({
    mutationFn: (id: number) => api.deleteTenant(id),
    invalidates: () => [tenantKeys.all],
    success: t('success.tenantDeleted'),
    failure: t('errors.deleteTenant'),
    notifyFailure,
    onSuccess: onDone,
  });
  return { create, remove };
}
