import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '../../../lib/error-text';
import { usePasswordUpdateMutation } from '../auth.queries';
import { validators } from '../validation';

/** Sets a new password with the emailed token (POST /api/password/update). */
export function PasswordUpdateForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const update = usePasswordUpdateMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: validators(t).newPassword,
      confirmation: (value, values) => (value === values.password ? null : t('validation.passwordsDiffer')),
    },
  });
  const toggleLabel = { 'aria-label': t('common.togglePasswordVisibility') };

  if (update.isSuccess) {
    return (
      <Stack>
        <Alert color="success" variant="light" title={t('password.passwordSet')}>
          {t('password.passwordSetHint')}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          {t('password.signIn')}
        </Button>
      </Stack>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit(({ password }) => update.mutate({ token, password }))}>
      <Stack gap="md">
        {update.isError ? (
          <Alert color="error" variant="light">
            {errorText(t, update.error)}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('password.newPassword')}
          autoComplete="new-password"
          required
          autoFocus
          visibilityToggleButtonProps={toggleLabel}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('password.confirmPassword')}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={toggleLabel}
          key={form.key('confirmation')}
          {...form.getInputProps('confirmation')}
        />
        <Button type="submit" fullWidth loading={update.isPending}>
          {t('password.save')}
        </Button>
        <Anchor component={Link} to="/login" ta="center" size="sm">
          {t('common.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
