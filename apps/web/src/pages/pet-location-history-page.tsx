import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { PetReportLayout } from '../features/pets/components/pet-report-layout';
import { PetReportQuery } from '../features/pets/components/pet-report-query';
import { PlacesView } from '../features/pets/components/places-view';

/** /report/pets/location-history (any signed-in user; the pets are the devices the user sees). */
export function PetLocationHistoryPage() {
  const { t } = useTranslation('pets');
  usePageTitle(t('titles.places'));
  return (
    <PetReportLayout page="places">
      {({ deviceId, period }) => (
        <PetReportQuery kind="places" deviceId={deviceId} period={period}>
          {(report) => <PlacesView report={report} />}
        </PetReportQuery>
      )}
    </PetReportLayout>
  );
}
