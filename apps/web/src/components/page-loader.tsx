import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spinner shown while a lazily loaded page or the session is loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
}
