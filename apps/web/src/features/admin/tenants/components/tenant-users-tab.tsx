import { ActionIcon, Button, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import type { Tenant, TenantUser, TenantUserInput, TenantUserUpdate } from '@waymark/contracts/tenant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { RowActions } from '../../../../components/row-actions';
import { useHasPermission } from '../../../permissions/use-has-permission';
import type { AdminColumn } from '../../shared/admin-list';
import { AdminList } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { usePageQuery } from '../../shared/use-page-query';
import * as api from '../tenants.api';
import { tenantKeys, useNotifyTenantError, useTenantUsersQuery, useUserGroupMappingQuery } from '../tenants.queries';
import { UserFormModal } from './user-form-modal';
import { UserGroupsModal } from './user-groups-modal';

type Save = { kind: 'create'; input: TenantUserInput } | { kind: 'update'; id: number; input: TenantUserUpdate };

/** A tenant's users: create, edit (role picker), delete, activate/deactivate, and their groups. */
export function TenantUsersTab({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('adminTenants');
  const { t: ta } = useTranslation('admin');
  const mayDelete = useHasPermission(['ADMIN_ACCOUNT', 'VIEW_USERS']);
  const state = usePageQuery({ size: 10, sortBy: 'name' });
  const query = useTenantUsersQuery(tenant.id, state.params);
  const mapping = useUserGroupMappingQuery(tenant.id);
  const [editing, setEditing] = useState<TenantUser | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TenantUser | null>(null);
  const [grouping, setGrouping] = useState<TenantUser | null>(null);
  const invalidates = () => [tenantKeys.users(tenant.id), tenantKeys.mapping(tenant.id), tenantKeys.detail(tenant.id)];

  const notifyFailure = useNotifyTenantError();
  const save = useAdminMutation({
    mutationFn: (save: Save) =>
      save.kind === 'create' ? api.createTenantUser(tenant.id, save.input) : api.updateTenantUser(save.id, save.input),
    invalidates,
    success: (_r, save) => t(save.kind === 'create' ? 'success.userCreated' : 'success.userUpdated'),
    failure: editing === 'new' ? t('errors.createUser') : t('errors.updateUser'),
    notifyFailure,
    onSuccess: () => setEditing(null),
  });
  const toggle = useAdminMutation({
    mutationFn: ({ user, active }: { user: TenantUser; active: boolean }) => api.setUserActive(user.id, active),
    invalidates,
    success: (_r, { active }) => t(active ? 'success.userActivated' : 'success.userDeactivated'),
    failure: t('errors.toggleUser'),
    notifyFailure,
  });
  const remove = useAdminMutation({
    mutationFn: (id: number) => api.deleteUser(id),
    invalidates,
    success: t('success.userDeleted'),
    failure: t('errors.deleteUser'),
    notifyFailure,
    onSuccess: () => setDeleting(null),
  });

  const columns: AdminColumn<TenantUser>[] = [
    { key: 'name', label: t('columns.name'), sortable: true, render: (user) => user.name },
    { key: 'email', label: t('columns.email'), sortable: true, render: (user) => user.email },
    { key: 'role', label: t('columns.role'), render: (user) => user.roleName ?? ta('none') },
    {
      key: 'groups',
      label: t('columns.groups'),
      render: (user) => (
        <Text size="sm" lineClamp={2}>
          {(mapping.data?.[String(user.id)] ?? []).map((group) => group.name).join(', ') || ta('none')}
        </Text>
      ),
    },
    {
      key: 'active',
      label: t('columns.status'),
      render: (user) => (
        <Switch
          aria-label={t('toggleActive', { name: user.name })}
          checked={user.attribute.isActive}
          label={user.attribute.isActive ? t('active') : t('inactive')}
          disabled={toggle.isPending}
          onChange={(event) => toggle.mutate({ user, active: event.currentTarget.checked })}
        />
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('users.create')}
        </Button>
      </Group>
      <AdminList
        columns={columns}
        query={query}
        errorText={t('errors.loadUsers')}
        emptyText={t('users.empty')}
        rowKey={(user) => user.id}
        page={state.page}
        onPage={state.setPage}
        sort={state}
        search={state.search}
        onSearch={state.setSearch}
        rowActions={(user) => (
          <RowActions
            editLabel={t('editNamed', { name: user.name })}
            deleteLabel={t('deleteNamed', { name: user.name })}
            onEdit={() => setEditing(user)}
            onDelete={() => setDeleting(user)}
            deleteDisabled={!mayDelete || user.id === tenant.userId}
          >
            <Tooltip label={t('users.manageGroups')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('users.groups', { name: user.name })}
                onClick={() => setGrouping(user)}
              >
                <IconUsersGroup size={18} />
              </ActionIcon>
            </Tooltip>
          </RowActions>
        )}
      />
      {editing ? (
        <UserFormModal
          tenantId={tenant.id}
          user={editing === 'new' ? undefined : editing}
          submitting={save.isPending}
          onClose={() => setEditing(null)}
          onCreate={(input) => save.mutate({ kind: 'create', input })}
          onUpdate={(id, input) => save.mutate({ kind: 'update', id, input })}
        />
      ) : null}
      {grouping ? <UserGroupsModal tenantId={tenant.id} user={grouping} onClose={() => setGrouping(null)} /> : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('users.delete')}
        message={`${t('confirm.deleteUser', { name: deleting?.name ?? '' })} ${ta('cannotBeUndone')}`}
        confirmLabel={ta('delete')}
        cancelLabel={ta('cancel')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
