import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { ActivityView } from '../features/pets/components/activity-view';
import { PetReportLayout } from '../features/pets/components/pet-report-layout';
import { PetReportQuery } from '../features/pets/components/pet-report-query';

/** /report/pets/activity-only (any signed-in user; the pets are the devices the user sees). */
export function PetActivityPage() {
  const { t } = useTranslation('pets');
  usePageTitle(t('titles.activity'));
  return (
    <PetReportLayout page="activity">
      {({ deviceId, period }) => (
        <PetReportQuery kind="activity" deviceId={deviceId} period={period}>
          {(report) => <ActivityView report={report} />}
        </PetReportQuery>
      )}
    </PetReportLayout>
  );
}
