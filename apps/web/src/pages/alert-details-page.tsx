import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../components/use-page-title';
import { AlertDetails } from '../features/alerts/components/alert-details';

/** /alerts/details?id=<event> (VIEW_ALERT_DETAILS): one alert with its PDF export. */
export function AlertDetailsPage() {
  const { t } = useTranslation('alerts');
  usePageTitle(t('detailsTitle'));
  const id = Number(useSearchParams()[0].get('id'));
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Alert variant="light" title={t('detailsTitle')}>
        {t('chooseAlert')}{' '}
        <Anchor component={Link} to="/alerts">
          {t('title')}
        </Anchor>
      </Alert>
    );
  }
  return <AlertDetails eventId={id} />;
}
