import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { DriversList } from '../features/drivers/components/drivers-list';

/** /drivers (VIEW_DRIVERS). */
export function DriversPage() {
  const { t } = useTranslation('drivers');
  usePageTitle(t('title'));
  return <DriversList />;
}
