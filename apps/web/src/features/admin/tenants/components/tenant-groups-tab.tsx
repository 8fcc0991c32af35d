import { Badge, Group } from '@mantine/core';
import type { Tenant, TenantGroup } from '@waymark/contracts/tenant';
import { useTranslation } from 'react-i18next';
import type { AdminColumn } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import * as api from '../tenants.api';
import { useNotifyTenantError, useTenantGroupsQuery } from '../tenants.queries';
import { NameFormModal } from './name-form-modal';
import { memberKeys, TenantMembersTab } from './tenant-members-tab';

/** A tenant's groups: create (name and the tenant's owner), rename, activate/deactivate, delete. */
export function TenantGroupsTab({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('adminTenants');
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
  ];
  return (
    <TenantMembersTab<TenantGroup>
      kind="group"
      tenantId={tenant.id}
      usePage={useTenantGroupsQuery}
      columns={columns}
      setActive={api.setGroupActive}
      remove={api.deleteTenantGroup}
      createDisabled={!tenant.userId}
      deleteDisabled={(group) => group.attribute.isTenant}
      form={(group, onClose) => <GroupFormModal tenant={tenant} group={group} onClose={onClose} />}
      minWidth={420}
    />
  );
}

/** Creates a group of the tenant's owner, or renames one. */
function GroupFormModal({ tenant, group, onClose }: { tenant: Tenant; group?: TenantGroup; onClose: () => void }) {
  const { t } = useTranslation('adminTenants');
  const notifyFailure = useNotifyTenantError();
  const save = useAdminMutation({
    mutationFn: (name: string) =>
      group
        ? api.renameTenantGroup(tenant.id, group.id, name)
        : api.createTenantGroup(tenant.id, name, ownerOf(tenant)),
    invalidates: memberKeys('group', tenant.id),
    success: t(group ? 'success.groupUpdated' : 'success.groupCreated'),
    failure: group ? t('errors.updateGroup') : t('errors.createGroup'),
    notifyFailure,
    onSuccess: onClose,
  });
  return (
    <NameFormModal
      title={group ? t('groups.edit') : t('groups.create')}
      label={t('fields.groupName')}
      initial={group?.name ?? ''}
      submitting={save.isPending}
      onClose={onClose}
      onSubmit={(name) => save.mutate(name)}
    />
  );
}

/** The user a new group belongs to: the tenant's owner. */
function ownerOf(tenant: Tenant): number {
  if (!tenant.userId) throw new Error('The tenant has no owner');
  return tenant.userId;
}
