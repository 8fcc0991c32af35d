import { PasswordInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TenantUser, TenantUserInput, TenantUserUpdate } from '@waymark/contracts/tenant';
import { useTranslation } from 'react-i18next';
import { orNull } from '../../../../lib/forms';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { useAssignableRolesQuery } from '../tenants.queries';
import { useFieldChecks } from './field-checks';

export interface UserFormModalProps {
  tenantId: number;
  /** The user to edit; a new one otherwise. */
  user?: TenantUser;
  submitting?: boolean;
  onClose: () => void;
  onCreate: (input: TenantUserInput) => void;
  onUpdate: (id: number, input: TenantUserUpdate) => void;
}

/** A tenant user's name, email, password (new users) and role: the tenant's roles and the platform-wide ones. */
export function UserFormModal(props: UserFormModalProps) {
  const { t } = useTranslation('adminTenants');
  const check = useFieldChecks();
  const roles = useAssignableRolesQuery(props.tenantId);
  const editing = props.user !== undefined;
  const form = useForm({
    initialValues: {
      name: props.user?.name ?? '',
      email: props.user?.email ?? '',
      phone: props.user?.phone ?? '',
      password: '',
      roleId: props.user?.roleId ? String(props.user.roleId) : null,
    },
    validate: {
      name: check.name,
      email: (value) => (editing ? null : check.email(value)),
      password: (value) => (editing ? null : check.password(value)),
    },
  });
  const submit = form.onSubmit((values) => {
    const roleId = values.roleId ? Number.parseInt(values.roleId, 10) : null;
    const common = { name: values.name.trim(), phone: orNull(values.phone), roleId };
    if (props.user) props.onUpdate(props.user.id, common);
    else
      props.onCreate({
        ...common,
        email: values.email.trim(),
        ...(values.password ? { password: values.password } : {}),
      });
  });
  return (
    <AdminFormModal
      opened
      title={editing ? t('users.edit') : t('users.create')}
      onClose={props.onClose}
      onSubmit={submit}
      submitting={props.submitting}
    >
      <TextInput label={t('fields.userName')} withAsterisk {...form.getInputProps('name')} />
      <TextInput
        label={t('fields.email')}
        type="email"
        withAsterisk={!editing}
        disabled={editing}
        {...form.getInputProps('email')}
      />
      <TextInput label={t('fields.phone')} {...form.getInputProps('phone')} />
      {editing ? null : (
        <PasswordInput
          label={t('fields.password')}
          description={t('fields.passwordHint')}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
      )}
      <Select
        label={t('fields.role')}
        placeholder={t('fields.noRole')}
        clearable
        data={(roles.data ?? []).map((role) => ({ value: String(role.id), label: role.name }))}
        {...form.getInputProps('roleId')}
      />
    </AdminFormModal>
  );
}
