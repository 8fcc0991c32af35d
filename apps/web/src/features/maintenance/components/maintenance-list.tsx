import { Stack, Table } from '@mantine/core';
import type { MaintenanceDto } from '@waymark/contracts/maintenance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ListState } from '../../../components/list-state';
import { ListTable } from '../../../components/list-table';
import { RowActions } from '../../../components/row-actions';
import { preferencesOf } from '../../../lib/preferences';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
import { useCurrentUser } from '../../auth/session-context';
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
  const del = useDeleteConfirm<MaintenanceDto>(remove, t('deleted'), t('deleteFailed'));
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : '—';
  const amount = (item: MaintenanceDto, value: number) =>
    `${toDisplay(item.type, value, distanceUnit)} ${t(`units.${periodUnit(item.type, distanceUnit)}`)}`;

  const body = (
    <ListState
      isPending={items.isPending}
      isError={items.isError}
      isEmpty={items.data?.length === 0}
      loadingLabel={t('loading')}
      errorText={t('loadFailed')}
      emptyText={t('empty')}
    >
      {() => (
        <ListTable
          minWidth={640}
          headers={[
            t('fields.name'),
            t('fields.type'),
            t('columns.start'),
            t('columns.period'),
            t('columns.last'),
            t('columns.next'),
            t('actions'),
          ]}
        >
          {(items.data ?? []).map((item) => (
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
                <RowActions
                  editLabel={t('editNamed', { name: item.name })}
                  deleteLabel={t('deleteNamed', { name: item.name })}
                  onEdit={() => setEditing({ item })}
                  onDelete={() => del.ask(item)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListState>
  );

  return (
    <Stack>
      <ListHeader title={t('title')} addLabel={t('add')} onAdd={() => setEditing({})} />
      {body}
      {editing ? <MaintenanceFormModal item={editing.item} onClose={() => setEditing(null)} /> : null}
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
