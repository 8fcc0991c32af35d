import { Button, Checkbox, Group, Modal, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type User, userInputSchema } from '@waymark/contracts/user';
import { useTranslation } from 'react-i18next';
import { RolePicker } from '../../../components/role-picker';
import { UserLimitFields } from '../../../components/user-limit-fields';
import { orNull, zodValidate } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveUserMutation, useSendPasswordLinkMutation } from '../settings.queries';

interface Values {
  name: string;
  email: string;
  password: string;
  phone: string;
  readonly: boolean;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  deviceLimit: number | string;
  userLimit: number | string;
  roleId: number | null;
}

const FLAGS = ['readonly', 'deviceReadonly', 'limitCommands', 'disableReports'] as const;

const toInput = (v: Values) => ({
  name: v.name,
  email: v.email,
  password: v.password === '' ? undefined : v.password,
  phone: orNull(v.phone),
  readonly: v.readonly,
  deviceReadonly: v.deviceReadonly,
  limitCommands: v.limitCommands,
  disableReports: v.disableReports,
  deviceLimit: Number(v.deviceLimit),
  userLimit: Number(v.userLimit),
  roleId: v.roleId,
});

/**
 * Create (user undefined) or edit a user of the tenant. Without a password the API mails an invitation; an existing
 * user's password and email are theirs to change, so editing offers to mail them a password link instead.
 */
export function UserFormModal({ user, opened, onClose }: { user?: User; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const save = useSaveUserMutation();
  const passwordLink = useSendPasswordLinkMutation();
  const form = useForm<Values>({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      phone: user?.phone ?? '',
      readonly: user?.readonly ?? false,
      deviceReadonly: user?.deviceReadonly ?? false,
      limitCommands: user?.limitCommands ?? false,
      disableReports: user?.disableReports ?? false,
      deviceLimit: user?.deviceLimit ?? -1,
      userLimit: user?.userLimit ?? 0,
      roleId: user?.roleId ?? null,
    },
    validate: zodValidate(userInputSchema, toInput, (issue) =>
      issue.path[0] === 'email'
        ? t('validation.email')
        : issue.path[0] === 'password'
          ? t('validation.password')
          : issue.path[0] === 'name'
            ? t('validation.required')
            : t('validation.limit'),
    ),
  });
  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: user?.id, input: toInput(v) },
      {
        onSuccess: () => {
          notifySuccess(user ? t('users.updated') : t('users.created'));
          onClose();
        },
        onError: (error) => notifyError(error, user ? t('users.updateFailed') : t('users.createFailed')),
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={user ? t('users.edit') : t('users.add')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('account.name')} required data-autofocus {...form.getInputProps('name')} />
            <TextInput
              label={t('account.email')}
              type="email"
              required
              disabled={user !== undefined}
              description={user ? t('users.emailByUser') : undefined}
              {...form.getInputProps('email')}
            />
            {user ? (
              <Button
                variant="light"
                mt="lg"
                loading={passwordLink.isPending}
                onClick={() =>
                  passwordLink.mutate(user.id, {
                    onSuccess: () => notifySuccess(t('users.passwordLinkSent')),
                    onError: (error) => notifyError(error, t('users.passwordLinkFailed')),
                  })
                }
              >
                {t('users.sendPasswordLink')}
              </Button>
            ) : (
              <PasswordInput
                label={t('users.password')}
                description={t('users.passwordInvite')}
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
            )}
            <TextInput label={t('account.phone')} type="tel" {...form.getInputProps('phone')} />
            <RolePicker
              label={t('users.role')}
              placeholder={t('users.noRole')}
              value={form.values.roleId}
              onChange={(roleId) => form.setFieldValue('roleId', roleId)}
            />
            <UserLimitFields
              inputProps={form.getInputProps}
              labels={{
                deviceLimit: t('users.deviceLimit'),
                userLimit: t('users.userLimit'),
                unlimitedHint: t('users.unlimitedHint'),
              }}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FLAGS.map((flag) => (
              <Checkbox
                key={flag}
                label={t(`users.flags.${flag}`)}
                {...form.getInputProps(flag, { type: 'checkbox' })}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
