import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { NotificationsManager } from '../features/notifications/components/notifications-manager';

/** /notifications and /notification/management (VIEW_NOTIFICATIONS): notification rules. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('title'));
  return <NotificationsManager />;
}
