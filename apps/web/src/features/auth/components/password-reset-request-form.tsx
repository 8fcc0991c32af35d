import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '../../../lib/error-text';
import { usePasswordResetMutation } from '../auth.queries';
import { validators } from '../validation';

/** Asks for a password reset link (POST /api/password/reset). */
export function PasswordResetRequestForm() {
  const { t } = useTranslation();
  const reset = usePasswordResetMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: validators(t).email },
  });

  if (reset.isSuccess) {
    return (
      <Stack>
        <Alert color="success" variant="light" title={t('password.checkEmail')}>
          {t('password.checkEmailHint', { email: reset.variables })}
        </Alert>
        <Anchor component={Link} to="/login" ta="center">
          {t('common.backToSignIn')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit(({ email }) => reset.mutate(email.trim()))}>
      <Stack gap="md">
        {reset.isError ? (
          <Alert color="error" variant="light">
            {errorText(t, reset.error)}
          </Alert>
        ) : null}
        <TextInput
          label={t('common.email')}
          type="email"
          autoComplete="email"
          required
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {t('password.sendLink')}
        </Button>
        <Anchor component={Link} to="/login" ta="center" size="sm">
          {t('common.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
