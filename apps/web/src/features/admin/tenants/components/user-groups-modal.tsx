import { ActionIcon, Badge, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { TenantUser } from '@waymark/contracts/tenant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import * as api from '../tenants.api';
import { tenantKeys, useNotifyTenantError, useTenantGroupsQuery, useUserGroupMappingQuery } from '../tenants.queries';

/** Which groups a user of the tenant belongs to: add it to a group, take it out of one. */
export function UserGroupsModal({
  tenantId,
  user,
  onClose,
}: {
  tenantId: number;
  user: TenantUser;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminTenants');
  const mapping = useUserGroupMappingQuery(tenantId);
  const groups = useTenantGroupsQuery(tenantId, { size: 500, sortBy: 'name' });
  const [groupId, setGroupId] = useState<string | null>(null);
  const member = mapping.data?.[String(user.id)] ?? [];
  const invalidates = () => [tenantKeys.mapping(tenantId)];
  const notifyFailure = useNotifyTenantError();
  const add = useAdminMutation({
    mutationFn: (id: string) => api.setUserGroup(user.id, id, true),
    invalidates,
    success: t('success.userAddedToGroup'),
    failure: t('errors.assignUser'),
    notifyFailure,
    onSuccess: () => setGroupId(null),
  });
  const remove = useAdminMutation({
    mutationFn: (id: number) => api.setUserGroup(user.id, id, false),
    invalidates,
    success: t('success.userRemovedFromGroup'),
    failure: t('errors.removeUser'),
    notifyFailure,
  });
  const choices = (groups.data?.content ?? [])
    .filter((group) => !member.some((m) => m.id === group.id))
    .map((group) => ({ value: String(group.id), label: group.name }));

  return (
    <Modal opened onClose={onClose} title={t('users.groups', { name: user.name })} centered>
      <Stack gap="sm">
        {member.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('users.noGroups')}
          </Text>
        ) : (
          <Group gap="xs">
            {member.map((group) => (
              <Badge
                key={group.id}
                variant="light"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={t('users.removeFromGroup', { name: group.name })}
                    onClick={() => remove.mutate(group.id)}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                }
              >
                {group.name}
              </Badge>
            ))}
          </Group>
        )}
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label={t('fields.group')}
            data={choices}
            value={groupId}
            onChange={setGroupId}
            searchable
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button disabled={!groupId} loading={add.isPending} onClick={() => groupId && add.mutate(groupId)}>
            {t('users.addToGroup')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
