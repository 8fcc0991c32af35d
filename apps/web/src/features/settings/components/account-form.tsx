import { Anchor, Badge, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User } from '@waymark/contracts/user';
import { userUpdateSchema } from '@waymark/contracts/user';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { orNull, zodValidate } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateSelfMutation } from '../settings.queries';

interface Values {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirm: string;
  currentPassword: string;
}

const toInput = (v: Values) => ({
  name: v.name,
  email: v.email,
  phone: orNull(v.phone),
  password: v.password === '' ? undefined : v.password,
  currentPassword: v.currentPassword === '' ? undefined : v.currentPassword,
});

/**
 * Name, email (unless fixed), phone and password of the signed-in user; link to two-factor set-up. A new password
 * or email needs the current password.
 */
export function AccountForm({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const save = useUpdateSelfMutation(user.id);
  const check = zodValidate(userUpdateSchema, toInput, (issue) =>
    issue.path[0] === 'email'
      ? t('validation.email')
      : issue.path[0] === 'password'
        ? t('validation.password')
        : t('validation.required'),
  );
  const form = useForm<Values>({
    initialValues: {
      name: user.name,
      email: user.email,
      phone: user.phone ?? '',
      password: '',
      confirm: '',
      currentPassword: '',
    },
    validate: (v) => ({
      ...check(v),
      ...(v.password !== v.confirm ? { confirm: t('validation.passwordsDiffer') } : {}),
      ...((v.password !== '' || v.email.trim().toLowerCase() !== user.email) && v.currentPassword === ''
        ? { currentPassword: t('account.currentPasswordHint') }
        : {}),
    }),
  });
  const submit = form.onSubmit((v) => {
    const input = toInput(v);
    save.mutate(user.fixedEmail ? { ...input, email: undefined } : input, {
      onSuccess: () => {
        form.setValues({ password: '', confirm: '', currentPassword: '' });
        notifySuccess(t('account.saved'));
      },
      onError: (error) => notifyError(error, t('account.saveFailed')),
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('account.name')} required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput
            label={t('account.email')}
            type="email"
            required
            autoComplete="email"
            disabled={user.fixedEmail}
            description={user.fixedEmail ? t('account.fixedEmail') : undefined}
            {...form.getInputProps('email')}
          />
          <TextInput label={t('account.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            label={t('account.newPassword')}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('account.confirmPassword')}
            autoComplete="new-password"
            {...form.getInputProps('confirm')}
          />
          <PasswordInput
            label={t('account.currentPassword')}
            description={t('account.currentPasswordHint')}
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
        </SimpleGrid>
        <Group gap="sm">
          <Text size="sm">{t('account.twoFactor')}</Text>
          <Badge color={user.totpEnabled ? 'success' : 'gray'} variant="light">
            {user.totpEnabled ? t('account.on') : t('account.off')}
          </Badge>
          <Anchor component={Link} to="/admin/totp/setup" size="sm">
            {t('account.setUpTotp')}
          </Anchor>
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
