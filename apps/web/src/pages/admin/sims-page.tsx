import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { SimsPanel } from '../../features/admin/catalogue/components/sims-panel';
import { AdminPageHeader } from '../../features/admin/shared/admin-page-header';

/** /admin/sims: the SIM card stock. */
export function SimsPage() {
  const { t } = useTranslation('adminCatalogue');
  usePageTitle(t('sims.title'));
  return (
    <Stack gap="md">
      <AdminPageHeader title={t('sims.title')} description={t('sims.description')} />
      <SimsPanel />
    </Stack>
  );
}
