import { Alert, Anchor, Button, Code, Group, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '../../../lib/error-text';
import { useTotpSetupMutation, useVerifyTotpMutation } from '../auth.queries';
import { useCurrentUser } from '../session-context';
import { validators } from '../validation';
import { CodeInput } from './code-input';

/**
 * Two-factor set-up: POST /api/users/totp creates a secret (shown as text and as an otpauth:// link), then the
 * first code from the app is checked with POST /api/users/totp/verify, which turns TOTP on; the account's password
 * is asked again, so a stolen session alone cannot replace the second factor.
 */
export function TotpSetup() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const setup = useTotpSetupMutation();
  const verify = useVerifyTotpMutation();
  const check = validators(t);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '', currentPassword: '' },
    validate: { code: check.code, currentPassword: check.password },
  });
  const started = useRef(false);
  const createSecret = setup.mutate;

  useEffect(() => {
    // One secret per visit (the ref survives StrictMode's effect replay); a new one only on request.
    if (started.current) return;
    started.current = true;
    createSecret();
  }, [createSecret]);

  const submit = form.onSubmit(({ code, currentPassword }) =>
    verify.mutate(
      { code: code.trim(), currentPassword },
      {
        onSuccess: () => notifications.show({ color: 'success', message: t('totp.saved') }),
      },
    ),
  );

  if (verify.isSuccess) {
    return (
      <Stack>
        <Alert color="success" variant="light" title={t('totp.saved')}>
          {t('totp.enabled')}
        </Alert>
        <Button component={Link} to="/home">
          {t('common.goHome')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('totp.intro')}</Text>
      {user.totpEnabled ? (
        <Alert color="info" variant="light">
          {t('totp.alreadyEnabled')}
        </Alert>
      ) : null}
      {setup.isPending ? <Loader mx="auto" display="block" /> : null}
      {setup.isError ? (
        <Alert color="error" variant="light" title={t('totp.generateFailed')}>
          {errorText(t, setup.error)}
        </Alert>
      ) : null}
      {setup.data ? (
        <>
          <Stack gap="xs">
            <Title order={3} fz="h5">
              {t('totp.step1')}
            </Title>
            <Text size="sm" fw={600}>
              {t('totp.secret')}
            </Text>
            <Code block data-testid="totp-secret" fz="md" style={{ letterSpacing: '0.1em', wordBreak: 'break-all' }}>
              {setup.data.secret}
            </Code>
            <Text size="sm" fw={600}>
              {t('totp.uri')}
            </Text>
            <Code block data-testid="totp-uri" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {setup.data.uri}
            </Code>
            <Anchor href={setup.data.uri} size="sm">
              {t('totp.openInApp')}
            </Anchor>
          </Stack>
          <form noValidate onSubmit={submit}>
            <Stack gap="md">
              <Title order={3} fz="h5">
                {t('totp.step2')}
              </Title>
              {verify.isError ? (
                <Alert color="error" variant="light">
                  {errorText(t, verify.error)}
                </Alert>
              ) : null}
              <CodeInput key={form.key('code')} {...form.getInputProps('code')} />
              <PasswordInput
                key={form.key('currentPassword')}
                label={t('common.password')}
                autoComplete="current-password"
                {...form.getInputProps('currentPassword')}
              />
              <Group justify="space-between">
                <Button variant="subtle" onClick={() => createSecret()} disabled={verify.isPending}>
                  {t('totp.regenerate')}
                </Button>
                <Button type="submit" loading={verify.isPending}>
                  {t('totp.verify')}
                </Button>
              </Group>
            </Stack>
          </form>
        </>
      ) : null}
    </Stack>
  );
}
