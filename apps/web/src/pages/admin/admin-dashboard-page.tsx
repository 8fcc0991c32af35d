import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { DashboardView } from '../../features/admin/catalogue/components/dashboard-view';
import { AdminPageHeader } from '../../features/admin/shared/admin-page-header';

/** /admin/dashboard: the admin area's figures. */
export function AdminDashboardPage() {
  const { t } = useTranslation('adminCatalogue');
  usePageTitle(t('dashboard.title'));
  return (
    <Stack gap="md">
      <AdminPageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <DashboardView />
    </Stack>
  );
}
