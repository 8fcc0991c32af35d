import { Badge, Switch, Table } from '@mantine/core';
import type { User } from '@waymark/contracts/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ListState } from '../../../components/list-state';
import { ListTable } from '../../../components/list-table';
import { RowActions } from '../../../components/row-actions';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
import { useCurrentUser } from '../../auth/session-context';
import { useDeleteUserMutation, useSaveUserMutation, useUsersQuery } from '../settings.queries';
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
  const del = useDeleteConfirm<User>(remove, t('users.deleted'), t('users.deleteFailed'));

  const setDisabled = (user: User, disabled: boolean) =>
    toggle.mutate(
      { id: user.id, input: { disabled } },
      {
        onSuccess: () => notifySuccess(disabled ? t('users.deactivated') : t('users.activated')),
        onError: (error) => notifyError(error, t('users.toggleFailed')),
      },
    );

  const body = (
    <ListState
      isPending={users.isPending}
      isError={users.isError}
      isEmpty={users.data?.length === 0}
      loadingLabel={t('loading')}
      errorText={t('users.loadFailed')}
      emptyText={t('users.empty')}
    >
      {() => (
        <ListTable
          minWidth={560}
          headers={[t('account.name'), t('account.email'), t('users.status'), t('users.actions')]}
        >
          {(users.data ?? []).map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.name}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <Badge color={user.disabled ? 'gray' : 'success'} variant="light">
                  {user.disabled ? t('users.disabled') : t('users.enabled')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <RowActions
                  gap="xs"
                  editLabel={t('users.editNamed', { name: user.name })}
                  deleteLabel={t('users.deleteNamed', { name: user.name })}
                  onEdit={() => setEditing({ kind: 'edit', user })}
                  onDelete={() => del.ask(user)}
                  deleteDisabled={user.id === me.id}
                >
                  <Switch
                    aria-label={t('users.enabledFor', { name: user.name })}
                    checked={!user.disabled}
                    disabled={user.id === me.id}
                    onChange={(event) => setDisabled(user, !event.currentTarget.checked)}
                  />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListState>
  );

  return (
    <>
      <ListHeader mb="md" addLabel={t('users.add')} onAdd={() => setEditing({ kind: 'new' })} />
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
        {...del.modal}
        title={t('confirm.removeTitle')}
        message={t('confirm.cannotBeUndone')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
      />
    </>
  );
}
