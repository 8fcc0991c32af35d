import { ActionIcon, Alert, Badge, Button, Group, Loader, Switch, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { User } from '@waymark/contracts/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/session-context';
import { notifyError, notifySuccess } from '../notify';
import { useDeleteUserMutation, useSaveUserMutation, useUsersQuery } from '../settings.queries';
import { ConfirmModal } from './confirm-modal';
import { UserFormModal } from './user-form-modal';

type Editing = { kind: 'new' } | { kind: 'edit'; user: User } | null;

/** The tenant's users: list, create, edit, disable or enable, delete (with confirmation). */
export function UsersPanel() {
  const { t } = useTranslation('settings');
  const me = useCurrentUser();
  const users = useUsersQuery();
  const toggle = useSaveUserMutation();
  const remove = useDeleteUserMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  const setDisabled = (user: User, disabled: boolean) =>
    toggle.mutate(
      { id: user.id, input: { disabled } },
      {
        onSuccess: () => notifySuccess(disabled ? t('users.deactivated') : t('users.activated')),
        onError: (error) => notifyError(error, t('users.toggleFailed')),
      },
    );

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('users.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyError(error, t('users.deleteFailed')),
    });

  let body: React.ReactNode;
  if (users.isPending) body = <Loader aria-label={t('loading')} />;
  else if (users.isError) body = <Alert color="error">{t('users.loadFailed')}</Alert>;
  else if (users.data.length === 0) body = <Text c="dimmed">{t('users.empty')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('account.name')}</Table.Th>
              <Table.Th>{t('account.email')}</Table.Th>
              <Table.Th>{t('users.status')}</Table.Th>
              <Table.Th>{t('users.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  <Badge color={user.disabled ? 'gray' : 'success'} variant="light">
                    {user.disabled ? t('users.disabled') : t('users.enabled')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Switch
                      aria-label={t('users.enabledFor', { name: user.name })}
                      checked={!user.disabled}
                      disabled={user.id === me.id}
                      onChange={(event) => setDisabled(user, !event.currentTarget.checked)}
                    />
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('users.editNamed', { name: user.name })}
                      onClick={() => setEditing({ kind: 'edit', user })}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="error"
                      disabled={user.id === me.id}
                      aria-label={t('users.deleteNamed', { name: user.name })}
                      onClick={() => setDeleting(user)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <>
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
          {t('users.add')}
        </Button>
      </Group>
      {body}
      {editing ? (
        <UserFormModal
          key={editing.kind === 'edit' ? editing.user.id : 'new'}
          opened
          user={editing.kind === 'edit' ? editing.user : undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('confirm.removeTitle')}
        message={t('confirm.cannotBeUndone')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
