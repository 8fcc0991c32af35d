import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { MaintenanceList } from '../features/maintenance/components/maintenance-list';

/** /maintenance (VIEW_MAINTENANCES). */
export function MaintenancePage() {
  const { t } = useTranslation('maintenance');
  usePageTitle(t('title'));
  return <MaintenanceList />;
}
