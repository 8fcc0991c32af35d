import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../components/use-page-title';
import { AlertDetails } from '../features/alerts/components/alert-details';

/** /event/:id (standalone): one event with its position on a map. */
export function EventPage() {
  const { t } = useTranslation('alerts');
  usePageTitle(t('eventTitle'));
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/auth/404" replace />;
  return <AlertDetails eventId={id} />;
}
