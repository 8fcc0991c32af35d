import { ActionIcon, Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { MaintenanceDto } from '@waymark/contracts/maintenance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/session-context';
import { ConfirmModal } from '../../settings/components/confirm-modal';
import { notifyError, notifySuccess } from '../../settings/notify';
import { preferencesOf } from '../../settings/preferences';
import { useDeleteMaintenanceMutation, useMaintenanceQuery } from '../maintenance.queries';
import {
  dateOfEpoch,
  isTimeType,
  MAINTENANCE_TYPES,
  type MaintenanceType,
  periodUnit,
  toDisplay,
} from '../maintenance-units';
import { MaintenanceFormModal } from './maintenance-form-modal';

type Editing = { item?: MaintenanceDto } | null;

/** Maintenance plans with their next due time; create, edit, delete (confirmed). */
export function MaintenanceList() {
  const { t, i18n } = useTranslation('maintenance');
  const { distanceUnit } = preferencesOf(useCurrentUser());
  const items = useMaintenanceQuery();
  const remove = useDeleteMaintenanceMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MaintenanceDto | null>(null);
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : '—';
  const amount = (item: MaintenanceDto, value: number) =>
    `${toDisplay(item.type, value, distanceUnit)} ${t(`units.${periodUnit(item.type, distanceUnit)}`)}`;

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
  if (items.isPending) body = <Loader aria-label={t('loading')} />;
  else if (items.isError) body = <Alert color="error">{t('loadFailed')}</Alert>;
  else if (items.data.length === 0) body = <Text c="dimmed">{t('empty')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('fields.type')}</Table.Th>
              <Table.Th>{t('columns.start')}</Table.Th>
              <Table.Th>{t('columns.period')}</Table.Th>
              <Table.Th>{t('columns.last')}</Table.Th>
              <Table.Th>{t('columns.next')}</Table.Th>
              <Table.Th>{t('actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.data.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td>
                  {(MAINTENANCE_TYPES as readonly string[]).includes(item.type)
                    ? t(`types.${item.type as MaintenanceType}`)
                    : item.type}
                </Table.Td>
                <Table.Td>{isTimeType(item.type) ? dateOfEpoch(item.start) : amount(item, item.start)}</Table.Td>
                <Table.Td>{amount(item, item.period)}</Table.Td>
                <Table.Td>{when(item.lastTime)}</Table.Td>
                <Table.Td>{when(item.nextTime)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('editNamed', { name: item.name })}
                      onClick={() => setEditing({ item })}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="error"
                      aria-label={t('deleteNamed', { name: item.name })}
                      onClick={() => setDeleting(item)}
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
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
          {t('add')}
        </Button>
      </Group>
      {body}
      {editing ? <MaintenanceFormModal item={editing.item} onClose={() => setEditing(null)} /> : null}
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
