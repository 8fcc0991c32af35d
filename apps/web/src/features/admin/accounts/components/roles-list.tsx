import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { RoleDto } from '@waymark/contracts/role';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { RowActions } from '../../../../components/row-actions';
import { useHasPermission } from '../../../permissions/use-has-permission';
import { type AdminColumn, AdminList } from '../../shared/admin-list';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { deleteRole } from '../accounts.api';
import { accountsKeys, useRolesQuery } from '../accounts.queries';

/** /admin/roles: every visible role, searched by name; create, edit and delete by flag. */
export function RolesList() {
  const { t } = useTranslation('adminAccounts');
  const navigate = useNavigate();
  const canCreate = useHasPermission(['CREATE_ROLE']);
  const canEdit = useHasPermission(['EDIT_ROLE']);
  const roles = useRolesQuery();
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<RoleDto | null>(null);
  const remove = useAdminMutation({
    mutationFn: deleteRole,
    invalidates: [accountsKeys.roles, ['roles', 'assignable']],
    success: t('roles.deleted'),
    failure: t('roles.deleteFailed'),
    onSuccess: () => setRemoving(null),
  });
  const needle = search.trim().toLowerCase();
  const rows = (roles.data ?? []).filter((r) => !needle || r.name.toLowerCase().includes(needle));
  const page = { content: rows, page: 0, size: rows.length, totalElements: rows.length, totalPages: 1 };

  const columns: AdminColumn<RoleDto>[] = [
    {
      key: 'name',
      label: t('roles.name'),
      render: (r) => (
        <Stack gap={0}>
          <Text fw={500}>{r.name}</Text>
          {r.description ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {r.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'scope',
      label: t('roles.scope'),
      render: (r) => (
        <Badge variant="light" color={r.tenantId === null ? 'grape' : 'blue'}>
          {r.system ? t('roles.system') : r.tenantId === null ? t('roles.platform') : t('roles.tenant')}
        </Badge>
      ),
    },
    { key: 'permissions', label: t('roles.permissionCount'), render: (r) => r.permissions.length },
  ];

  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('roles.title')}
        description={t('roles.description_page')}
        actions={
          canCreate ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/admin/roles/create')}>
              {t('roles.create')}
            </Button>
          ) : null
        }
      />
      <AdminList
        columns={columns}
        query={{ data: roles.data ? page : undefined, isPending: roles.isPending, isError: roles.isError }}
        rowKey={(r) => r.id}
        page={0}
        onPage={() => {}}
        search={search}
        onSearch={setSearch}
        minWidth={520}
        errorText={t('roles.loadFailed')}
        rowActions={
          canEdit
            ? (r) =>
                r.system ? null : (
                  <RowActions
                    editLabel={t('roles.editNamed', { name: r.name })}
                    deleteLabel={t('roles.deleteNamed', { name: r.name })}
                    onEdit={() => navigate(`/admin/roles/edit/${r.id}`)}
                    onDelete={() => setRemoving(r)}
                  />
                )
            : undefined
        }
      />
      <ConfirmModal
        opened={removing !== null}
        title={t('roles.deleteTitle')}
        message={t('roles.deleteMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
