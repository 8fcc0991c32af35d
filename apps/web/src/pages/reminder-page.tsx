import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { RemindersList } from '../features/maintenance/components/reminders-list';

/** /reminder (VIEW_REMIND_MANAGEMENTS). */
export function ReminderPage() {
  const { t } = useTranslation('maintenance');
  usePageTitle(t('reminders.title'));
  return <RemindersList />;
}
