import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { PetReportLayout } from '../features/pets/components/pet-report-layout';
import { PetReportQuery } from '../features/pets/components/pet-report-query';
import { WellnessView } from '../features/pets/components/wellness-view';

/** /report/pets/wellness (any signed-in user; the pets are the devices the user sees). */
export function PetWellnessPage() {
  const { t } = useTranslation('pets');
  usePageTitle(t('titles.wellness'));
  return (
    <PetReportLayout page="wellness">
      {({ deviceId, period }) => (
        <PetReportQuery kind="wellness" deviceId={deviceId} period={period}>
          {(report) => <WellnessView report={report} />}
        </PetReportQuery>
      )}
    </PetReportLayout>
  );
}
