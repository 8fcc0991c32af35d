import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { PoiWorkspace } from '../features/pois/components/poi-workspace';

/** /poi (VIEW_POIS): points of interest with their categories, placed on the map. */
export function PoiPage() {
  const { t } = useTranslation('pois');
  usePageTitle(t('title'));
  return <PoiWorkspace />;
}
