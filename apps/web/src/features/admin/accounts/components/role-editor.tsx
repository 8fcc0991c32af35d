import { Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Permission } from '@waymark/contracts/permissions';
import { type RoleDto, roleInputSchema } from '@waymark/contracts/role';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListState } from '../../../../components/list-state';
import { orNull, zodValidate } from '../../../../lib/forms';
import { useCurrentUser } from '../../../auth/session-context';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { TenantSelect } from '../../shared/tenant-select';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { saveRole } from '../accounts.api';
import { accountsKeys, usePermissionCatalogueQuery, useRoleQuery } from '../accounts.queries';
import { PermissionPicker } from './permission-picker';

interface Values {
  name: string;
  description: string;
  /** platform staff creating a role: the tenant it belongs to, or null for a platform-wide role */
  tenantId: string | null;
  permissions: Permission[];
}

const toInput = (v: Values) => ({
  name: v.name,
  description: orNull(v.description),
  permissions: v.permissions,
  ...(v.tenantId ? { tenantId: Number(v.tenantId) } : {}),
});

/** /admin/roles/create and /admin/roles/edit/:id: a role's name, description and flags by submodule. */
export function RoleEditor({ id }: { id?: number }) {
  const { t } = useTranslation('adminAccounts');
  const role = useRoleQuery(id);
  const catalogue = usePermissionCatalogueQuery();
  const pending = catalogue.isPending || (id !== undefined && role.isPending);
  return (
    <Stack gap="md">
      <AdminPageHeader
        title={id ? t('roles.edit') : t('roles.create')}
        back={{ to: '/admin/roles', label: t('roles.title') }}
      />
      <ListState
        isPending={pending}
        isError={catalogue.isError || role.isError}
        isEmpty={false}
        loadingLabel={t('loading')}
        errorText={t('roles.loadFailed')}
        emptyText=""
      >
        {() => <RoleForm role={role.data} catalogue={catalogue.data ?? []} />}
      </ListState>
    </Stack>
  );
}

function RoleForm({
  role,
  catalogue,
}: {
  role?: RoleDto;
  catalogue: { submodule: string; permissions: { authority: Permission; name: string }[] }[];
}) {
  const { t } = useTranslation('adminAccounts');
  const navigate = useNavigate();
  const me = useCurrentUser();
  const form = useForm<Values>({
    initialValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      tenantId: null,
      permissions: role?.permissions.map((p) => p.authority) ?? [],
    },
    validate: zodValidate(roleInputSchema, toInput, (issue) =>
      issue.path[0] === 'name' ? t('roles.nameRequired') : t('roles.invalid'),
    ),
  });
  const save = useAdminMutation({
    mutationFn: saveRole,
    invalidates: [accountsKeys.roles, ['roles', 'assignable']],
    success: role ? t('roles.updated') : t('roles.created'),
    failure: role ? t('roles.updateFailed') : t('roles.createFailed'),
    onSuccess: () => navigate('/admin/roles'),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate({ id: role?.id, input: toInput(v) }))}>
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <TextInput label={t('roles.name')} required maxLength={64} {...form.getInputProps('name')} />
            <Textarea
              label={t('roles.description')}
              autosize
              minRows={2}
              maxLength={256}
              {...form.getInputProps('description')}
            />
            {!role && me.tenantId === null ? (
              <TenantChoice value={form.values.tenantId} onChange={(value) => form.setFieldValue('tenantId', value)} />
            ) : null}
          </Stack>
        </Paper>
        <PermissionPicker
          catalogue={catalogue}
          value={form.values.permissions}
          onChange={(next) => form.setFieldValue('permissions', next)}
          held={me.permissions}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/admin/roles')}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Platform staff: a new role is platform-wide unless a tenant is chosen. */
function TenantChoice(props: { value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation('adminAccounts');
  return (
    <TenantSelect
      label={t('roles.tenantOf')}
      placeholder={t('roles.platform')}
      description={t('roles.tenantHint')}
      value={props.value}
      onChange={props.onChange}
    />
  );
}
