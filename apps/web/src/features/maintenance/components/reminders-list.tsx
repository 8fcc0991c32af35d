import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { MaintenanceDto } from '@waymark/contracts/maintenance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../settings/components/confirm-modal';
import { notifyError, notifySuccess } from '../../settings/notify';
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
  const [deleting, setDeleting] = useState<MaintenanceDto | null>(null);
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : '—';

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('reminders.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyError(error, t('deleteFailed')),
    });

  const rows = (reminders.data ?? [])
    .map((row) => ({ row, view: reminderOf(row) }))
    .sort((a, b) => (a.view.expiry ?? '').localeCompare(b.view.expiry ?? ''));

  let body: React.ReactNode;
  if (reminders.isPending) body = <Loader aria-label={t('loading')} />;
  else if (reminders.isError) body = <Alert color="error">{t('reminders.loadFailed')}</Alert>;
  else if (rows.length === 0) body = <Text c="dimmed">{t('reminders.empty')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reminders.item')}</Table.Th>
              <Table.Th>{t('reminders.expiry')}</Table.Th>
              <Table.Th>{t('reminders.status')}</Table.Th>
              <Table.Th>{t('reminders.sendTo')}</Table.Th>
              <Table.Th>{t('reminders.remarks')}</Table.Th>
              <Table.Th>{t('actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('editNamed', { name: view.item })}
                        onClick={() => setEditing({ reminder: row })}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="error"
                        aria-label={t('deleteNamed', { name: view.item })}
                        onClick={() => setDeleting(row)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('reminders.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
          {t('reminders.add')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('reminders.intro')}
      </Text>
      {body}
      {editing ? <ReminderFormModal reminder={editing.reminder} onClose={() => setEditing(null)} /> : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('confirmTitle')}
        message={t('confirmText', { name: deleting ? reminderOf(deleting).item : '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
