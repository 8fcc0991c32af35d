import { Anchor, Button, Divider, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { OPENID_AUTH_PATH } from '../auth.api';
import { useServerQuery } from '../auth.queries';

/** OpenID button and registration link, each shown only when the server enables it. */
export function SignInOptions() {
  const { t } = useTranslation();
  const { data: server } = useServerQuery();
  if (!server) return null;
  return (
    <>
      {server.openIdEnabled ? (
        <>
          <Divider label={t('login.or')} labelPosition="center" my="md" />
          <Button variant="default" fullWidth onClick={() => window.location.assign(OPENID_AUTH_PATH)}>
            {t('login.openId')}
          </Button>
        </>
      ) : null}
      {server.registration ? (
        <Text ta="center" size="sm" mt="lg">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/register/user">
            {t('login.register')}
          </Anchor>
        </Text>
      ) : null}
    </>
  );
}

/**
 * The whole sign-in when the server says `openIdForce` (OIDC_FORCE: passwords are refused): straight on to the
 * identity provider, with a button in case the browser stays here.
 */
export function OpenIdOnly() {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.assign(OPENID_AUTH_PATH);
  }, []);
  return (
    <>
      <Text ta="center" mb="md">
        {t('login.openIdOnly')}
      </Text>
      <Button fullWidth onClick={() => window.location.assign(OPENID_AUTH_PATH)}>
        {t('login.openId')}
      </Button>
    </>
  );
}
