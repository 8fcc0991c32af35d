import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { VendorsPanel } from '../../features/admin/catalogue/components/vendors-panel';
import { AdminPageHeader } from '../../features/admin/shared/admin-page-header';

/** /admin/vendors: the SIM card vendors. */
export function VendorsPage() {
  const { t } = useTranslation('adminCatalogue');
  usePageTitle(t('vendors.title'));
  return (
    <Stack gap="md">
      <AdminPageHeader title={t('vendors.title')} description={t('vendors.description')} />
      <VendorsPanel />
    </Stack>
  );
}
