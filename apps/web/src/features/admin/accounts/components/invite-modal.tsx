import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { userInviteSchema } from '@waymark/contracts/user-admin';
import { useTranslation } from 'react-i18next';
import { RolePicker } from '../../../../components/role-picker';
import { zodValidate } from '../../../../lib/forms';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { TenantSelect } from '../../shared/tenant-select';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { inviteUser } from '../accounts.api';
import { accountsKeys } from '../accounts.queries';

interface Values {
  name: string;
  email: string;
  tenantId: string | null;
  roleId: number | null;
}

const toInput = (v: Values) => ({
  name: v.name,
  email: v.email.trim(),
  tenantId: v.tenantId === null ? null : Number(v.tenantId),
  roleId: v.roleId,
});

/** Invites a user by email: created without a password, mailed a link to choose one. */
export function InviteModal({
  opened,
  onClose,
  chooseTenant,
}: {
  opened: boolean;
  onClose: () => void;
  /** The caller may read tenants: the invite may go to another tenant than the caller's own. */
  chooseTenant: boolean;
}) {
  const { t } = useTranslation('adminAccounts');
  const form = useForm<Values>({
    initialValues: { name: '', email: '', tenantId: null, roleId: null },
    validate: zodValidate(userInviteSchema, toInput, (issue) =>
      issue.path[0] === 'email' ? t('users.invalidEmail') : t('users.required'),
    ),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const invite = useAdminMutation({
    mutationFn: inviteUser,
    invalidates: [accountsKeys.users],
    success: t('users.invited'),
    failure: t('users.inviteFailed'),
    onSuccess: close,
  });
  return (
    <AdminFormModal
      opened={opened}
      title={t('users.invite')}
      onClose={close}
      submitting={invite.isPending}
      submitLabel={t('users.sendInvite')}
      onSubmit={form.onSubmit((v) => invite.mutate(toInput(v)))}
    >
      <TextInput label={t('users.name')} required data-autofocus {...form.getInputProps('name')} />
      <TextInput
        label={t('users.email')}
        type="email"
        required
        description={t('users.inviteHint')}
        {...form.getInputProps('email')}
      />
      {chooseTenant ? (
        <TenantSelect
          label={t('users.tenant')}
          placeholder={t('users.ownTenant')}
          value={form.values.tenantId}
          onChange={(tenantId) => form.setFieldValue('tenantId', tenantId)}
          error={form.errors.tenantId}
        />
      ) : null}
      <RolePicker
        label={t('users.role')}
        placeholder={t('users.noRole')}
        value={form.values.roleId}
        onChange={(roleId) => form.setFieldValue('roleId', roleId)}
      />
    </AdminFormModal>
  );
}
