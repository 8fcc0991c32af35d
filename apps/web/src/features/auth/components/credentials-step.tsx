import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { validators } from '../validation';

export interface CredentialsValues {
  email: string;
  password: string;
  /** keep the session for 30 days (otherwise it ends with the browser session) */
  remember: boolean;
}

interface CredentialsStepProps {
  initialValues: CredentialsValues;
  pending: boolean;
  onSubmit: (values: CredentialsValues) => void;
}

/** First sign-in step: email and password. */
export function CredentialsStep({ initialValues, pending, onSubmit }: CredentialsStepProps) {
  const { t } = useTranslation();
  const validate = validators(t);
  const form = useForm<CredentialsValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: { email: validate.email, password: validate.password },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit({ ...values, email: values.email.trim() }))}>
      <Stack gap="md">
        <TextInput
          label={t('common.email')}
          type="email"
          autoComplete="username"
          required
          withAsterisk={false}
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('common.password')}
          autoComplete="current-password"
          required
          withAsterisk={false}
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <Checkbox
            label={t('login.rememberMe')}
            key={form.key('remember')}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
          <Anchor component={Link} to="/password/reset" size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={pending}>
          {t('login.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
