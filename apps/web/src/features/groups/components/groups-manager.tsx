import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFolder, IconPencil, IconPlus, IconSubtask, IconTrash } from '@tabler/icons-react';
import type { GroupDto } from '@waymark/contracts/group';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../settings/components/confirm-modal';
import { notifyError, notifySuccess } from '../../settings/notify';
import { flattenTree } from '../group-tree';
import { useDeleteGroupMutation, useGroupsQuery } from '../groups.queries';
import { GroupFormModal } from './group-form-modal';

type Editing = { group?: GroupDto; parentId?: number } | null;

/** The group tree with create, edit, add-subgroup and delete (confirmed). */
export function GroupsManager() {
  const { t } = useTranslation('groups');
  const groups = useGroupsQuery();
  const remove = useDeleteGroupMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<GroupDto | null>(null);

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyError(error, t('deleteFailed')),
    });

  let body: React.ReactNode;
  if (groups.isPending) body = <Loader aria-label={t('loading')} />;
  else if (groups.isError) body = <Alert color="error">{t('loadFailed')}</Alert>;
  else if (groups.data.length === 0) body = <Text c="dimmed">{t('empty')}</Text>;
  else
    body = (
      <Card p={0}>
        <ul aria-label={t('title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {flattenTree(groups.data).map(({ group, depth }) => (
            <li key={group.id} data-depth={depth}>
              <Group
                justify="space-between"
                wrap="nowrap"
                px="md"
                py="xs"
                style={{
                  paddingInlineStart: `calc(var(--mantine-spacing-md) + ${depth * 24}px)`,
                  borderBottom: '1px solid var(--mantine-color-default-border)',
                }}
              >
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconFolder size={18} />
                  <Text truncate>{group.name}</Text>
                  {group.attributes.speedLimit !== undefined ? (
                    <Badge variant="light" size="sm" visibleFrom="sm">
                      {t('hasSettings')}
                    </Badge>
                  ) : null}
                  {group.active ? null : (
                    <Badge color="gray" variant="light" size="sm">
                      {t('inactive')}
                    </Badge>
                  )}
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('addSubgroupOf', { name: group.name })}
                    onClick={() => setEditing({ parentId: group.id })}
                  >
                    <IconSubtask size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('editNamed', { name: group.name })}
                    onClick={() => setEditing({ group })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="error"
                    aria-label={t('deleteNamed', { name: group.name })}
                    onClick={() => setDeleting(group)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            </li>
          ))}
        </ul>
      </Card>
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
          {t('add')}
        </Button>
      </Group>
      {body}
      {editing ? (
        <GroupFormModal
          group={editing.group}
          parentId={editing.parentId}
          groups={groups.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('confirmTitle')}
        message={t('confirmText', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
