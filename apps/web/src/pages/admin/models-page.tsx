import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { ManufacturersPanel } from '../../features/admin/catalogue/components/manufacturers-panel';
import { ModelsPanel } from '../../features/admin/catalogue/components/models-panel';
import { AdminPageHeader } from '../../features/admin/shared/admin-page-header';

/** /admin/models: device models, and the manufacturers on a second tab. */
export function ModelsPage() {
  const { t } = useTranslation('adminCatalogue');
  usePageTitle(t('models.title'));
  return (
    <Stack gap="md">
      <AdminPageHeader title={t('models.title')} description={t('models.description')} />
      <Tabs defaultValue="models" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="models">{t('models.tab')}</Tabs.Tab>
          <Tabs.Tab value="manufacturers">{t('manufacturers.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="models">
          <ModelsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="manufacturers">
          <ManufacturersPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
