import { ActionIcon, Badge, Button, Group, SegmentedControl, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconLock, IconLockOpen, IconMailPlus, IconSettings, IconUserShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@waymark/contracts/user';
import { USER_STATUSES, type UserRow, type UserStatus } from '@waymark/contracts/user-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { assignableRolesKey, fetchAssignableRoles } from '../../../../components/role-picker';
import { useCurrentUser } from '../../../auth/session-context';
import { useHasPermission } from '../../../permissions/use-has-permission';
import { type AdminColumn, AdminList } from '../../shared/admin-list';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { TenantSelect } from '../../shared/tenant-select';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { usePageQuery } from '../../shared/use-page-query';
import { fetchRoles, setUserDisabled } from '../accounts.api';
import { accountsKeys, useUsersPageQuery } from '../accounts.queries';
import { canConnectAs, useConnectAs } from './connect-as';
import { InviteModal } from './invite-modal';
import { LimitsModal } from './limits-modal';
import { UserStatusBadge } from './user-status-badge';

/** Users a page, as the admin API pages them. */
const PAGE_SIZE = 10;

/** /admin/users: every visible user, searchable, filtered by tenant, role and status, with the account actions. */
export function UsersList() {
  const { t } = useTranslation('adminAccounts');
  const navigate = useNavigate();
  const me = useCurrentUser();
  const canDetails = useHasPermission(['VIEW_USER_DETAILS', 'ADMIN_ACCOUNT']);
  const canRoles = useHasPermission(['VIEW_ROLES']);
  // the tenant filter, column names and invite choice read the tenant list, which needs a tenant flag
  const canTenants = useHasPermission(['ADMIN_ACCOUNT', 'VIEW_TENANT']);
  const list = usePageQuery<{ tenantId?: string; roleId?: string; status?: UserStatus }>({
    size: PAGE_SIZE,
    sortBy: 'name',
    filters: { status: 'all' },
  });
  const users = useUsersPageQuery(list.params);
  const roles = useQuery({
    queryKey: canRoles ? accountsKeys.roles : assignableRolesKey,
    queryFn: canRoles ? fetchRoles : fetchAssignableRoles,
  });
  const roleName = new Map((roles.data ?? []).map((r) => [r.id, r.name]));
  const [inviting, setInviting] = useState(false);
  const [limits, setLimits] = useState<User | null>(null);
  const [connecting, setConnecting] = useState<User | null>(null);

  const toggle = useAdminMutation({
    mutationFn: setUserDisabled,
    invalidates: [accountsKeys.users],
    success: (_, v) => (v.disabled ? t('users.disabledDone') : t('users.enabledDone')),
    failure: t('users.toggleFailed'),
  });
  const connect = useConnectAs();

  const columns: AdminColumn<UserRow>[] = [
    {
      key: 'name',
      label: t('users.name'),
      sortable: true,
      render: (u) => (
        <Stack gap={0}>
          <Text fw={500}>{u.name}</Text>
          <Text size="xs" c="dimmed">
            {u.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'tenantId',
      label: t('users.tenant'),
      render: (u) => u.tenant?.name ?? t('users.platform'),
    },
    {
      key: 'roleId',
      label: t('users.role'),
      render: (u) =>
        u.administrator ? (
          <Badge variant="light" color="grape">
            {t('users.administrator')}
          </Badge>
        ) : u.roleId === null ? (
          t('users.noRole')
        ) : (
          (roleName.get(u.roleId) ?? `#${u.roleId}`)
        ),
    },
    { key: 'status', label: t('users.status'), render: (u) => <UserStatusBadge user={u} /> },
    { key: 'createdAt', label: t('users.created'), sortable: true, render: (u) => u.createdAt.slice(0, 10) },
  ];

  const actions = (u: User) => (
    <Group gap={4} wrap="nowrap">
      {canDetails ? (
        <Tooltip label={t('users.details')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('users.detailsOf', { name: u.name })}
            onClick={() => navigate(`/admin/users/${u.id}`)}
          >
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Tooltip label={t('users.limits')}>
        <ActionIcon variant="subtle" aria-label={t('users.limitsOf', { name: u.name })} onClick={() => setLimits(u)}>
          <IconSettings size={18} />
        </ActionIcon>
      </Tooltip>
      {u.id !== me.id ? (
        <Tooltip label={u.disabled ? t('users.enable') : t('users.disable')}>
          <ActionIcon
            variant="subtle"
            color={u.disabled ? 'success' : 'error'}
            aria-label={t(u.disabled ? 'users.enableNamed' : 'users.disableNamed', { name: u.name })}
            loading={toggle.isPending && toggle.variables?.id === u.id}
            onClick={() => toggle.mutate({ id: u.id, disabled: !u.disabled })}
          >
            {u.disabled ? <IconLockOpen size={18} /> : <IconLock size={18} />}
          </ActionIcon>
        </Tooltip>
      ) : null}
      {canConnectAs(me, u) ? (
        <Tooltip label={t('impersonation.connect')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('impersonation.connectAs', { name: u.name })}
            onClick={() => setConnecting(u)}
          >
            <IconUserShare size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('users.title')}
        description={t('users.description')}
        actions={
          <Button leftSection={<IconMailPlus size={16} />} onClick={() => setInviting(true)}>
            {t('users.invite')}
          </Button>
        }
      />
      <AdminList
        columns={columns}
        query={users}
        rowKey={(u) => u.id}
        page={list.page}
        onPage={list.setPage}
        sort={list}
        search={list.search}
        onSearch={list.setSearch}
        onRowClick={canDetails ? (u) => navigate(`/admin/users/${u.id}`) : undefined}
        rowActions={actions}
        errorText={t('users.loadFailed')}
        filters={
          <>
            {canTenants ? (
              <TenantSelect
                aria-label={t('users.tenant')}
                placeholder={t('users.allTenants')}
                value={list.filters.tenantId ?? null}
                onChange={(v) => list.setFilter('tenantId', v ?? undefined)}
                w={{ base: '100%', xs: 200 }}
              />
            ) : null}
            <Select
              aria-label={t('users.role')}
              placeholder={t('users.allRoles')}
              data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
              value={list.filters.roleId ?? null}
              onChange={(v) => list.setFilter('roleId', v ?? undefined)}
              searchable
              clearable
              w={{ base: '100%', xs: 200 }}
            />
            <SegmentedControl
              aria-label={t('users.status')}
              value={list.filters.status ?? 'all'}
              onChange={(v) => list.setFilter('status', v as UserStatus)}
              data={USER_STATUSES.map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
            />
          </>
        }
      />
      <InviteModal opened={inviting} onClose={() => setInviting(false)} chooseTenant={canTenants} />
      <LimitsModal user={limits} onClose={() => setLimits(null)} />
      <ConfirmModal
        opened={connecting !== null}
        title={t('impersonation.confirmTitle')}
        message={t('impersonation.confirmMessage', { name: connecting?.name ?? '' })}
        confirmLabel={t('impersonation.connect')}
        cancelLabel={t('cancel')}
        loading={connect.isPending}
        onConfirm={() => connecting && connect.mutate(connecting.id)}
        onClose={() => setConnecting(null)}
      />
    </Stack>
  );
}
