import { Select, Text } from '@mantine/core';
import type { StockDevice } from '@waymark/contracts/stock-device';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { TenantSelect } from '../../shared/tenant-select';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { type AssignTarget, INVALID_GROUP_ID, parseAssignId } from '../assign-rules';
import { assignDeviceGroup, assignDeviceTenant, moveDevicesToUser } from '../stock.api';
import { stockKeys, useTenantGroups, useTenantUsers } from '../stock.queries';

export interface AssignModalProps {
  /** The device(s) to assign: one for a tenant or group, one or more for a user. */
  devices: StockDevice[];
  target: AssignTarget;
  onClose: () => void;
}

/** Assigns or moves devices to a tenant (by id), a group or a user of their tenant. */
export function AssignModal({ devices, target, onClose }: AssignModalProps) {
  const { t } = useTranslation('adminStock');
  const [value, setValue] = useState<string | null>('');
  const [error, setError] = useState<string | null>(null);
  const tenants = new Set(devices.map((d) => d.tenantId));
  const tenantId = tenants.size === 1 ? (devices[0]?.tenantId ?? null) : null;
  const groups = useTenantGroups(target === 'group' ? tenantId : null);
  const users = useTenantUsers(target === 'user' ? tenantId : null);
  const mutation = useAdminMutation<number, unknown>({
    mutationFn: (id: number): Promise<unknown> => {
      const [first] = devices;
      if (target === 'user') return moveDevicesToUser({ deviceIds: devices.map((d) => d.id), userId: id });
      if (!first) throw new Error('no device');
      return target === 'group' ? assignDeviceGroup(first.id, id) : assignDeviceTenant(first.id, id);
    },
    invalidates: [stockKeys.all],
    success: t(
      target === 'user'
        ? 'messages.assignedUser'
        : target === 'group'
          ? 'messages.assignedGroup'
          : 'messages.assignedTenant',
    ),
    failure: t('messages.assignFailed'),
    onSuccess: onClose,
  });
  const inOneTenant = target === 'tenant' || tenantId !== null;

  const submit = () => {
    if (!inOneTenant) return;
    const id = parseAssignId(value, target);
    if (typeof id !== 'number') {
      setError(id.error === INVALID_GROUP_ID ? t('assign.invalidGroup') : t('assign.required'));
      return;
    }
    setError(null);
    mutation.mutate(id);
  };

  const title =
    target === 'user' && devices.length > 1
      ? t('assign.usersTitle', { count: devices.length })
      : t(`assign.${target}Title`);
  return (
    <AdminFormModal opened title={title} onClose={onClose} onSubmit={submit} submitting={mutation.isPending} size="md">
      <Text size="sm" c="dimmed">
        {t(`assign.${target}Hint`)}
      </Text>
      {!inOneTenant ? (
        <Text size="sm" c="red" role="alert">
          {tenants.size > 1 ? t('assign.sameTenant') : t('assign.noTenant')}
        </Text>
      ) : target === 'tenant' ? (
        <TenantSelect
          label={t('assign.tenant')}
          value={value || null}
          onChange={(next) => setValue(next ?? '')}
          error={error}
          data-autofocus
        />
      ) : (
        <Select
          label={t(`assign.${target}`)}
          searchable
          value={value || null}
          onChange={setValue}
          error={error}
          data={
            target === 'group'
              ? (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))
              : (users.data ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }))
          }
        />
      )}
    </AdminFormModal>
  );
}
