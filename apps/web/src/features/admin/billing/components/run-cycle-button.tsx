import { Button } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../permissions/use-has-permission';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { runBillingCycle } from '../billing.api';
import { billingKeys } from '../billing.queries';

/** "Run billing now" for platform staff: issues the current periods' missing invoices, then the lists reload. */
export function RunCycleButton() {
  const { t } = useTranslation('adminBilling');
  const allowed = useHasPermission(['ADMIN_ACCOUNT']);
  const run = useAdminMutation({
    mutationFn: (_: undefined) => runBillingCycle(),
    invalidates: [billingKeys.all],
    success: (result) => t('invoices.cycleDone', result),
    failure: t('invoices.cycleFailed'),
  });
  if (!allowed) return null;
  return (
    <Button leftSection={<IconReceipt size={16} />} loading={run.isPending} onClick={() => run.mutate(undefined)}>
      {t('invoices.runCycle')}
    </Button>
  );
}
