import { Alert, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../../lib/error-text';
import { useCompleteOpenIdMutation } from '../auth.queries';
import { HOME_PATH } from '../session-rules';
import { LoginForm } from './login-form';

/**
 * /login?oidc=1: the API redirected here after OpenID sign-in with the refresh cookie set. Exchange it for an
 * access token (POST /api/session/refresh) and go home; on failure show why and the normal form.
 */
export function OpenIdCompletion() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const complete = useCompleteOpenIdMutation();
  const started = useRef(false);
  const { mutate } = complete;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSuccess: () => void navigate(HOME_PATH, { replace: true }) });
  }, [mutate, navigate]);

  if (complete.isError) {
    return (
      <>
        <Alert color="error" variant="light" mb="md" title={t('login.signInFailed')}>
          {errorText(t, complete.error)}
        </Alert>
        <LoginForm />
      </>
    );
  }
  return (
    <Group justify="center" gap="sm" py="xl" role="status">
      <Loader size="sm" />
      <Text>{t('login.completingOpenId')}</Text>
    </Group>
  );
}
