import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '../../../lib/error-text';
import type { Registration } from '../auth.api';
import { useRegisterMutation, useServerQuery } from '../auth.queries';
import { validators } from '../validation';

/** Self-registration (POST /api/users), offered only when the server allows registration. */
export function RegisterForm() {
  const { t } = useTranslation();
  const server = useServerQuery();
  const register = useRegisterMutation();
  const validate = validators(t);
  const form = useForm<Registration>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', password: '' },
    validate: { name: validate.name, email: validate.email, password: validate.newPassword },
  });

  if (server.isPending) return <Loader mx="auto" display="block" />;
  if (!server.data?.registration) {
    return (
      <Stack>
        <Alert color="warning" variant="light">
          {t('register.disabled')}
        </Alert>
        <Anchor component={Link} to="/login" ta="center">
          {t('common.backToSignIn')}
        </Anchor>
      </Stack>
    );
  }
  if (register.isSuccess) {
    return (
      <Stack>
        <Alert color="success" variant="light" title={t('register.success')}>
          {t('register.successHint')}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          {t('register.signIn')}
        </Button>
      </Stack>
    );
  }
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        register.mutate({ ...values, name: values.name.trim(), email: values.email.trim() }),
      )}
    >
      <Stack gap="md">
        {register.isError ? (
          <Alert color="error" variant="light">
            {errorText(t, register.error)}
          </Alert>
        ) : null}
        <TextInput
          label={t('common.name')}
          autoComplete="name"
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('common.email')}
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('common.password')}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={register.isPending}>
          {t('register.submit')}
        </Button>
        <Text ta="center" size="sm">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to="/login">
            {t('register.signIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
