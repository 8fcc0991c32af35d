import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import type { Tenant, TenantUser, TenantUserInput, TenantUserUpdate } from '@waymark/contracts/tenant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../permissions/use-has-permission';
import type { AdminColumn } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import * as api from '../tenants.api';
import { useNotifyTenantError, useTenantUsersQuery, useUserGroupMappingQuery } from '../tenants.queries';
import { memberKeys, TenantMembersTab } from './tenant-members-tab';
import { UserFormModal } from './user-form-modal';
import { UserGroupsModal } from './user-groups-modal';

type Save = { kind: 'create'; input: TenantUserInput } | { kind: 'update'; id: number; input: TenantUserUpdate };

/** A tenant's users: create, edit (role picker), delete, activate/deactivate, and their groups. */
export function TenantUsersTab({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('adminTenants');
  const { t: ta } = useTranslation('admin');
  const mayDelete = useHasPermission(['ADMIN_ACCOUNT', 'VIEW_USERS']);
  const mapping = useUserGroupMappingQuery(tenant.id);
  const [grouping, setGrouping] = useState<TenantUser | null>(null);
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
  ];
  return (
    <>
      <TenantMembersTab<TenantUser>
        kind="user"
        tenantId={tenant.id}
        usePage={useTenantUsersQuery}
        columns={columns}
        setActive={api.setUserActive}
        remove={api.deleteUser}
        deleteDisabled={(user) => !mayDelete || user.id === tenant.userId}
        rowExtras={(user) => (
          <Tooltip label={t('users.manageGroups')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('users.groups', { name: user.name })}
              onClick={() => setGrouping(user)}
            >
              <IconUsersGroup size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        form={(user, onClose) => <TenantUserEditor tenantId={tenant.id} user={user} onClose={onClose} />}
      />
      {grouping ? <UserGroupsModal tenantId={tenant.id} user={grouping} onClose={() => setGrouping(null)} /> : null}
    </>
  );
}

/** Creates a user of the tenant or edits one, then closes. */
function TenantUserEditor({ tenantId, user, onClose }: { tenantId: number; user?: TenantUser; onClose: () => void }) {
  const { t } = useTranslation('adminTenants');
  const notifyFailure = useNotifyTenantError();
  const save = useAdminMutation({
    mutationFn: (save: Save) =>
      save.kind === 'create' ? api.createTenantUser(tenantId, save.input) : api.updateTenantUser(save.id, save.input),
    invalidates: memberKeys('user', tenantId),
    success: (_r, save) => t(save.kind === 'create' ? 'success.userCreated' : 'success.userUpdated'),
    failure: user ? t('errors.updateUser') : t('errors.createUser'),
    notifyFailure,
    onSuccess: onClose,
  });
  return (
    <UserFormModal
      tenantId={tenantId}
      user={user}
      submitting={save.isPending}
      onClose={onClose}
      onCreate={(input) => save.mutate({ kind: 'create', input })}
      onUpdate={(id, input) => save.mutate({ kind: 'update', id, input })}
    />
  );
}
