import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { InvoicesList } from '../../features/admin/billing/components/invoices-list';
import { RunCycleButton } from '../../features/admin/billing/components/run-cycle-button';
import { AdminPageHeader } from '../../features/admin/shared/admin-page-header';

export function InvoicesPage() {
  const { t } = useTranslation('adminBilling');
  usePageTitle(t('invoices.title'));
  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('invoices.title')}
        description={t('invoices.description')}
        actions={<RunCycleButton />}
      />
      <InvoicesList />
    </Stack>
  );
}
