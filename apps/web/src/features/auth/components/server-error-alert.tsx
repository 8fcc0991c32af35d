import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerQuery } from '../auth.queries';

/** 'Failed to connect to server' when GET /api/server fails; the user can dismiss it. */
export function ServerErrorAlert() {
  const { t } = useTranslation();
  const server = useServerQuery();
  const [dismissed, setDismissed] = useState(false);
  if (!server.isError || dismissed) return null;
  return (
    <Alert
      color="error"
      variant="light"
      title={t('login.failedToConnect')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={() => setDismissed(true)}
      mb="md"
    />
  );
}
