import { Badge, Group, Stack, Table, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { DriverDto } from '@waymark/contracts/driver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ManagedTable } from '../../../components/managed-table';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
import { useDeleteDriverMutation, useDriversQuery } from '../drivers.queries';
import { DriverFormModal } from './driver-form-modal';

type Editing = { driver?: DriverDto } | null;

/** Drivers of the tenant: search, create, edit, delete (confirmed). */
export function DriversList() {
  const { t, i18n } = useTranslation('drivers');
  const drivers = useDriversQuery();
  const remove = useDeleteDriverMutation();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const del = useDeleteConfirm<DriverDto>(remove, t('deleted'), t('deleteFailed'));
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)) : '—';

  const needle = search.trim().toLowerCase();
  const rows = (drivers.data ?? []).filter(
    (d) => !needle || d.name.toLowerCase().includes(needle) || d.uniqueId.toLowerCase().includes(needle),
  );

  const body = (
    <ManagedTable
      query={drivers}
      rows={rows}
      namespace="drivers"
      minWidth={640}
      headers={[
        t('fields.name'),
        t('fields.uniqueId'),
        t('fields.cardNo'),
        t('fields.cardExpirationDate'),
        t('fields.mobile'),
      ]}
      nameOf={(driver) => driver.name}
      onEdit={(driver) => setEditing({ driver })}
      onDelete={del.ask}
      cells={(driver) => {
        const expired =
          driver.cardExpirationDate !== null && new Date(driver.cardExpirationDate).getTime() < Date.now();
        return (
          <>
            <Table.Td>{driver.name}</Table.Td>
            <Table.Td>{driver.uniqueId}</Table.Td>
            <Table.Td>{driver.cardNo ?? '—'}</Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                {date(driver.cardExpirationDate)}
                {expired ? (
                  <Badge color="error" variant="light" size="sm">
                    {t('expired')}
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>{driver.mobile ?? '—'}</Table.Td>
          </>
        );
      }}
    />
  );

  return (
    <Stack>
      <ListHeader title={t('title')} addLabel={t('add')} onAdd={() => setEditing({})} />
      <TextInput
        leftSection={<IconSearch size={16} />}
        aria-label={t('search')}
        placeholder={t('search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      {body}
      {editing ? <DriverFormModal driver={editing.driver} onClose={() => setEditing(null)} /> : null}
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
