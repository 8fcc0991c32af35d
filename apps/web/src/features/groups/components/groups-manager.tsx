import { ActionIcon, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconFolder, IconSubtask } from '@tabler/icons-react';
import type { GroupDto } from '@waymark/contracts/group';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ListState } from '../../../components/list-state';
import { RowActions } from '../../../components/row-actions';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
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
  const del = useDeleteConfirm<GroupDto>(remove, t('deleted'), t('deleteFailed'));

  const body = (
    <ListState
      isPending={groups.isPending}
      isError={groups.isError}
      isEmpty={groups.data?.length === 0}
      loadingLabel={t('loading')}
      errorText={t('loadFailed')}
      emptyText={t('empty')}
    >
      {() => (
        <Card p={0}>
          <ul aria-label={t('title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {flattenTree(groups.data ?? []).map(({ group, depth }) => (
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
                  <RowActions
                    editLabel={t('editNamed', { name: group.name })}
                    deleteLabel={t('deleteNamed', { name: group.name })}
                    onEdit={() => setEditing({ group })}
                    onDelete={() => del.ask(group)}
                  >
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('addSubgroupOf', { name: group.name })}
                      onClick={() => setEditing({ parentId: group.id })}
                    >
                      <IconSubtask size={18} />
                    </ActionIcon>
                  </RowActions>
                </Group>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </ListState>
  );

  return (
    <Stack>
      <ListHeader title={t('title')} addLabel={t('add')} onAdd={() => setEditing({})} />
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
        {...del.modal}
        title={t('confirmTitle')}
        message={t('confirmText', { name: del.deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
