import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { PetReportLayout } from '../features/pets/components/pet-report-layout';
import { PetReportQuery } from '../features/pets/components/pet-report-query';
import { SleepView } from '../features/pets/components/sleep-view';

/** /report/pets/sleep (any signed-in user; the pets are the devices the user sees). */
export function PetSleepPage() {
  const { t } = useTranslation('pets');
  usePageTitle(t('titles.sleep'));
  return (
    <PetReportLayout page="sleep">
      {({ deviceId, period }) => (
        <PetReportQuery kind="sleep" deviceId={deviceId} period={period}>
          {(report) => <SleepView report={report} />}
        </PetReportQuery>
      )}
    </PetReportLayout>
  );
}
