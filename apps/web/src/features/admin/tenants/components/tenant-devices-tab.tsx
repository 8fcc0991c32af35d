import { ActionIcon, Badge, Group, Select, Stack, Tooltip } from '@mantine/core';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Tenant, TenantDevice } from '@waymark/contracts/tenant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { AdminFormModal } from '../../shared/admin-form-modal';
import type { AdminColumn } from '../../shared/admin-list';
import { AdminList } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { usePageQuery } from '../../shared/use-page-query';
import * as api from '../tenants.api';
import { tenantKeys, useNotifyTenantError, useTenantDevicesQuery, useTenantGroupsQuery } from '../tenants.queries';

/** A tenant's devices: assign one to a group of the tenant (its user cleared), or unassign it. */
export function TenantDevicesTab({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('adminTenants');
  const { t: ta } = useTranslation('admin');
  const queryClient = useQueryClient();
  const state = usePageQuery({ size: 10, sortBy: 'name' });
  const query = useTenantDevicesQuery(tenant.id, state.params);
  const groups = useTenantGroupsQuery(tenant.id, { size: 500, sortBy: 'name' });
  const [assigning, setAssigning] = useState<TenantDevice | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [unassigning, setUnassigning] = useState<TenantDevice | null>(null);
  const invalidates = () => [tenantKeys.devices(tenant.id), tenantKeys.detail(tenant.id)];

  /** A fresh load of the tenant's devices (a device that came without its admin device id is looked up there). */
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: tenantKeys.devices(tenant.id) });
    return (await api.fetchTenantDevices(tenant.id, { ...state.params })).content;
  };
  const notifyFailure = useNotifyTenantError();
  const assign = useAdminMutation({
    mutationFn: ({ device, group }: { device: TenantDevice; group: string }) =>
      api.assignDeviceToGroup(tenant.id, device, group, reload),
    invalidates,
    success: t('success.deviceAssigned'),
    failure: t('errors.assignDevice'),
    notifyFailure,
    onSuccess: () => setAssigning(null),
  });
  const unassign = useAdminMutation({
    mutationFn: (device: TenantDevice) => api.unassignDevice(tenant.id, device.adminDeviceId),
    invalidates,
    success: t('success.deviceUnassigned'),
    failure: t('errors.assignDevice'),
    notifyFailure,
    onSuccess: () => setUnassigning(null),
  });

  const columns: AdminColumn<TenantDevice>[] = [
    { key: 'name', label: t('columns.name'), sortable: true, render: (device) => device.name },
    { key: 'uniqueId', label: t('columns.uniqueId'), sortable: true, render: (device) => device.uniqueId },
    { key: 'status', label: t('columns.connection'), sortable: true, render: (device) => device.status },
    { key: 'group', label: t('columns.group'), render: (device) => device.groupName ?? ta('none') },
    {
      key: 'assigned',
      label: t('columns.assigned'),
      render: (device) => (
        <Badge variant="light" color={device.assigned ? 'success' : 'gray'}>
          {device.assigned ? t('devices.yes') : t('devices.no')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <AdminList
        columns={columns}
        query={query}
        errorText={t('errors.loadDevices')}
        emptyText={t('devices.empty')}
        rowKey={(device) => device.id}
        page={state.page}
        onPage={state.setPage}
        sort={state}
        search={state.search}
        onSearch={state.setSearch}
        rowActions={(device) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('devices.assign')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('devices.assignTitle', { name: device.name })}
                onClick={() => {
                  setGroupId(device.groupId ? String(device.groupId) : null);
                  setAssigning(device);
                }}
              >
                <IconLink size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('devices.unassign')}>
              <ActionIcon
                variant="subtle"
                color="error"
                disabled={!device.assigned}
                aria-label={`${t('devices.unassign')}: ${device.name}`}
                onClick={() => setUnassigning(device)}
              >
                <IconLinkOff size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      />
      {assigning ? (
        <AdminFormModal
          opened
          size="md"
          title={t('devices.assignTitle', { name: assigning.name })}
          onClose={() => setAssigning(null)}
          submitting={assign.isPending}
          onSubmit={() => groupId && assign.mutate({ device: assigning, group: groupId })}
        >
          <Select
            label={t('fields.group')}
            withAsterisk
            searchable
            data={(groups.data?.content ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
            value={groupId}
            onChange={setGroupId}
          />
        </AdminFormModal>
      ) : null}
      <ConfirmModal
        opened={unassigning !== null}
        title={t('devices.unassign')}
        message={t('devices.unassignQuestion', { name: unassigning?.name ?? '' })}
        confirmLabel={t('devices.unassign')}
        cancelLabel={ta('cancel')}
        loading={unassign.isPending}
        onConfirm={() => unassigning && unassign.mutate(unassigning)}
        onClose={() => setUnassigning(null)}
      />
    </Stack>
  );
}
