import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { ComprehensiveView } from '../features/pets/components/comprehensive-view';
import { PetReportLayout } from '../features/pets/components/pet-report-layout';
import { PetReportQuery } from '../features/pets/components/pet-report-query';

/** /report/pets/comprehensive (any signed-in user; the pets are the devices the user sees). */
export function PetComprehensivePage() {
  const { t } = useTranslation('pets');
  usePageTitle(t('titles.comprehensive'));
  return (
    <PetReportLayout page="comprehensive">
      {({ deviceId, period }) => (
        <PetReportQuery kind="comprehensive" deviceId={deviceId} period={period}>
          {(report) => <ComprehensiveView report={report} period={period} />}
        </PetReportQuery>
      )}
    </PetReportLayout>
  );
}
