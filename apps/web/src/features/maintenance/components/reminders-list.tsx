import { Badge, Stack, Table, Text } from '@mantine/core';
import type { MaintenanceDto } from '@waymark/contracts/maintenance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ListState } from '../../../components/list-state';
import { ListTable } from '../../../components/list-table';
import { RowActions } from '../../../components/row-actions';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
import { useDeleteReminderMutation, useRemindersQuery } from '../maintenance.queries';
import { reminderOf, reminderState } from '../reminder-fields';
import { ReminderFormModal } from './reminder-form-modal';

type Editing = { reminder?: MaintenanceDto } | null;

const STATE_COLOR = { expired: 'error', dueSoon: 'warning', upcoming: 'success' } as const;

/** Reminders (emailed 3 days before expiry): list by expiry, create, edit, delete (confirmed). */
export function RemindersList() {
  const { t, i18n } = useTranslation('maintenance');
  const reminders = useRemindersQuery();
  const remove = useDeleteReminderMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const del = useDeleteConfirm<MaintenanceDto>(remove, t('reminders.deleted'), t('deleteFailed'));
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : '—';

  const rows = (reminders.data ?? [])
    .map((row) => ({ row, view: reminderOf(row) }))
    .sort((a, b) => (a.view.expiry ?? '').localeCompare(b.view.expiry ?? ''));

  const body = (
    <ListState
      isPending={reminders.isPending}
      isError={reminders.isError}
      isEmpty={rows.length === 0}
      loadingLabel={t('loading')}
      errorText={t('reminders.loadFailed')}
      emptyText={t('reminders.empty')}
    >
      {() => (
        <ListTable
          minWidth={640}
          headers={[
            t('reminders.item'),
            t('reminders.expiry'),
            t('reminders.status'),
            t('reminders.sendTo'),
            t('reminders.remarks'),
            t('actions'),
          ]}
        >
          {rows.map(({ row, view }) => {
            const state = reminderState(view.expiry);
            return (
              <Table.Tr key={row.id}>
                <Table.Td>{view.item}</Table.Td>
                <Table.Td>{when(view.expiry)}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[state]} variant="light">
                    {t(`reminders.states.${state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{view.sendTo || '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {view.remarks || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RowActions
                    editLabel={t('editNamed', { name: view.item })}
                    deleteLabel={t('deleteNamed', { name: view.item })}
                    onEdit={() => setEditing({ reminder: row })}
                    onDelete={() => del.ask(row)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </ListState>
  );

  return (
    <Stack>
      <ListHeader title={t('reminders.title')} addLabel={t('reminders.add')} onAdd={() => setEditing({})} />
      <Text c="dimmed" size="sm">
        {t('reminders.intro')}
      </Text>
      {body}
      {editing ? <ReminderFormModal reminder={editing.reminder} onClose={() => setEditing(null)} /> : null}
      <ConfirmModal
        {...del.modal}
        title={t('confirmTitle')}
        message={t('confirmText', { name: del.deleting ? reminderOf(del.deleting).item : '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
