import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { RouteWorkspace } from '../features/planned-routes/components/route-workspace';

/** /route (VIEW_ROUTES): planned routes drawn as corridors, linked to devices and groups. */
export function RoutePage() {
  const { t } = useTranslation('plannedRoutes');
  usePageTitle(t('title'));
  return <RouteWorkspace />;
}
