import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { ScheduledReportsList } from '../features/scheduled-reports/components/scheduled-reports-list';

/** /reports/scheduled (any DOWNLOAD_…_REPORTS flag: the API checks the flag of each report's type). */
export function ScheduledReportsPage() {
  const { t } = useTranslation('scheduledReports');
  usePageTitle(t('title'));
  return <ScheduledReportsList />;
}
