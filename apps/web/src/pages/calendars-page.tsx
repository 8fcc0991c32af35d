import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { CalendarsList } from '../features/calendars/components/calendars-list';

/** /calendars (VIEW_NOTIFICATIONS or VIEW_GEOFENCES: the flags that change calendars in the API). */
export function CalendarsPage() {
  const { t } = useTranslation('calendars');
  usePageTitle(t('title'));
  return <CalendarsList />;
}
