import { Badge, Button, Group, Stack, Switch } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Tenant, TenantGroup } from '@waymark/contracts/tenant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { RowActions } from '../../../../components/row-actions';
import type { AdminColumn } from '../../shared/admin-list';
import { AdminList } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { usePageQuery } from '../../shared/use-page-query';
import * as api from '../tenants.api';
import { tenantKeys, useNotifyTenantError, useTenantGroupsQuery } from '../tenants.queries';
import { NameFormModal } from './name-form-modal';

/** A tenant's groups: create (name and the tenant's owner), rename, activate/deactivate, delete. */
export function TenantGroupsTab({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('adminTenants');
  const { t: ta } = useTranslation('admin');
  const state = usePageQuery({ size: 10, sortBy: 'name' });
  const query = useTenantGroupsQuery(tenant.id, state.params);
  const [editing, setEditing] = useState<TenantGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TenantGroup | null>(null);
  const invalidates = () => [tenantKeys.groups(tenant.id), tenantKeys.mapping(tenant.id), tenantKeys.detail(tenant.id)];

  const notifyFailure = useNotifyTenantError();
  const save = useAdminMutation({
    mutationFn: ({ group, name }: { group?: TenantGroup; name: string }) =>
      group
        ? api.renameTenantGroup(tenant.id, group.id, name)
        : api.createTenantGroup(tenant.id, name, ownerOf(tenant)),
    invalidates,
    success: (_r, { group }) => t(group ? 'success.groupUpdated' : 'success.groupCreated'),
    failure: editing !== 'new' && editing ? t('errors.updateGroup') : t('errors.createGroup'),
    notifyFailure,
    onSuccess: () => setEditing(null),
  });
  const remove = useAdminMutation({
    mutationFn: (id: number) => api.deleteTenantGroup(id),
    invalidates,
    success: t('success.groupDeleted'),
    failure: t('errors.deleteGroup'),
    notifyFailure,
    onSuccess: () => setDeleting(null),
  });
  const toggle = useAdminMutation({
    mutationFn: ({ group, active }: { group: TenantGroup; active: boolean }) => api.setGroupActive(group.id, active),
    invalidates,
    success: (_r, { active }) => t(active ? 'success.groupActivated' : 'success.groupDeactivated'),
    failure: t('errors.toggleGroup'),
    notifyFailure,
  });

  const columns: AdminColumn<TenantGroup>[] = [
    {
      key: 'name',
      label: t('columns.name'),
      sortable: true,
      render: (group) => (
        <Group gap="xs" wrap="nowrap">
          {group.name}
          {group.attribute.isTenant ? (
            <Badge size="sm" variant="light">
              {t('groups.root')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'active',
      label: t('columns.status'),
      render: (group) => (
        <Switch
          aria-label={t('toggleActive', { name: group.name })}
          checked={group.attribute.isActive}
          label={group.attribute.isActive ? t('active') : t('inactive')}
          disabled={toggle.isPending}
          onChange={(event) => toggle.mutate({ group, active: event.currentTarget.checked })}
        />
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={!tenant.userId}>
          {t('groups.create')}
        </Button>
      </Group>
      <AdminList
        columns={columns}
        query={query}
        errorText={t('errors.loadGroups')}
        emptyText={t('groups.empty')}
        rowKey={(group) => group.id}
        page={state.page}
        onPage={state.setPage}
        sort={state}
        search={state.search}
        onSearch={state.setSearch}
        minWidth={420}
        rowActions={(group) => (
          <RowActions
            editLabel={t('editNamed', { name: group.name })}
            deleteLabel={t('deleteNamed', { name: group.name })}
            onEdit={() => setEditing(group)}
            onDelete={() => setDeleting(group)}
            deleteDisabled={group.attribute.isTenant}
          />
        )}
      />
      {editing ? (
        <NameFormModal
          title={editing === 'new' ? t('groups.create') : t('groups.edit')}
          label={t('fields.groupName')}
          initial={editing === 'new' ? '' : editing.name}
          submitting={save.isPending}
          onClose={() => setEditing(null)}
          onSubmit={(name) => save.mutate({ group: editing === 'new' ? undefined : editing, name })}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('groups.delete')}
        message={`${t('confirm.deleteGroup', { name: deleting?.name ?? '' })} ${ta('cannotBeUndone')}`}
        confirmLabel={ta('delete')}
        cancelLabel={ta('cancel')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** The user a new group belongs to: the tenant's owner. */
function ownerOf(tenant: Tenant): number {
  if (!tenant.userId) throw new Error('The tenant has no owner');
  return tenant.userId;
}
