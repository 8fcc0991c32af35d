import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { GeofenceWorkspace } from '../features/geofences/components/geofence-workspace';

/** /geofence (standalone, VIEW_GEOFENCES): draw and manage geofences; `?lat=&lon=` centres the map. */
export function GeofencePage() {
  const { t } = useTranslation('geofences');
  usePageTitle(t('title'));
  return <GeofenceWorkspace />;
}
