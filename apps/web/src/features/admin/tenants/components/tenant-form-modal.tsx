import { PasswordInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Tenant, TenantInput, TenantUpdate } from '@waymark/contracts/tenant';
import { useTranslation } from 'react-i18next';
import { orNull } from '../../../../lib/forms';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { useTenantsQuery } from '../tenants.queries';
import { useFieldChecks } from './field-checks';

interface Values {
  name: string;
  email: string;
  phone: string;
  address: string;
  parentTenantId: string | null;
  ownerName: string;
  ownerEmail: string;
  ownerPassword: string;
}

export interface TenantFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The tenant to edit; a new one otherwise. */
  tenant?: Tenant;
  /** A new tenant's parent, fixed (a sub-tenant created from its parent's page). */
  parentTenantId?: number;
  submitting?: boolean;
  onCreate: (input: TenantInput) => void;
  onUpdate: (id: number, input: TenantUpdate) => void;
}

/** Creates a tenant with its owner, or edits a tenant's name and contact details. */
export function TenantFormModal(props: TenantFormModalProps) {
  const { t } = useTranslation('adminTenants');
  const check = useFieldChecks();
  const editing = props.tenant !== undefined;
  const parents = useTenantsQuery({ size: 500, sortBy: 'name' });
  const form = useForm<Values>({
    initialValues: {
      name: props.tenant?.name ?? '',
      email: props.tenant?.email ?? '',
      phone: props.tenant?.phone ?? '',
      address: props.tenant?.address ?? '',
      parentTenantId: props.parentTenantId ? String(props.parentTenantId) : null,
      ownerName: '',
      ownerEmail: '',
      ownerPassword: '',
    },
    validate: {
      name: check.name,
      email: (value) => (value.trim() ? check.email(value) : null),
      ownerName: (value) => (editing ? null : check.name(value)),
      ownerEmail: (value) => (editing ? null : check.email(value)),
      ownerPassword: (value) => (editing ? null : check.password(value)),
    },
  });

  const submit = (values: Values) => {
    const details = {
      name: values.name.trim(),
      email: orNull(values.email),
      phone: orNull(values.phone),
      address: orNull(values.address),
    };
    if (props.tenant) {
      props.onUpdate(props.tenant.id, details);
      return;
    }
    props.onCreate({
      ...details,
      parentTenantId: values.parentTenantId ? Number.parseInt(values.parentTenantId, 10) : null,
      owner: {
        name: values.ownerName.trim(),
        email: values.ownerEmail.trim(),
        ...(values.ownerPassword ? { password: values.ownerPassword } : {}),
      },
    });
  };

  return (
    <AdminFormModal
      opened={props.opened}
      onClose={props.onClose}
      title={editing ? t('edit') : t('create')}
      onSubmit={form.onSubmit(submit)}
      submitting={props.submitting}
    >
      <TextInput label={t('fields.name')} withAsterisk {...form.getInputProps('name')} />
      <TextInput label={t('fields.email')} type="email" {...form.getInputProps('email')} />
      <TextInput label={t('fields.phone')} {...form.getInputProps('phone')} />
      <TextInput label={t('fields.address')} {...form.getInputProps('address')} />
      {editing ? null : (
        <>
          <Select
            label={t('fields.parent')}
            placeholder={t('fields.noParent')}
            clearable
            searchable
            disabled={props.parentTenantId !== undefined}
            data={(parents.data?.content ?? []).map((tenant) => ({ value: String(tenant.id), label: tenant.name }))}
            {...form.getInputProps('parentTenantId')}
          />
          <TextInput label={t('fields.ownerName')} withAsterisk {...form.getInputProps('ownerName')} />
          <TextInput label={t('fields.ownerEmail')} type="email" withAsterisk {...form.getInputProps('ownerEmail')} />
          <PasswordInput
            label={t('fields.password')}
            description={t('fields.passwordHint')}
            autoComplete="new-password"
            {...form.getInputProps('ownerPassword')}
          />
        </>
      )}
    </AdminFormModal>
  );
}
