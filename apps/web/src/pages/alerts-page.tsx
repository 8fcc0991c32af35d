import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { AlertsOverview } from '../features/alerts/components/alerts-overview';

/** /alerts (VIEW_ALERTS_OVERVIEW): live alerts and the events of a period. */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  usePageTitle(t('title'));
  return <AlertsOverview />;
}
