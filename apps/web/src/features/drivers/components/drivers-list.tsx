import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { DriverDto } from '@waymark/contracts/driver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../settings/components/confirm-modal';
import { notifyError, notifySuccess } from '../../settings/notify';
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
  const [deleting, setDeleting] = useState<DriverDto | null>(null);
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)) : '—';

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyError(error, t('deleteFailed')),
    });

  const needle = search.trim().toLowerCase();
  const rows = (drivers.data ?? []).filter(
    (d) => !needle || d.name.toLowerCase().includes(needle) || d.uniqueId.toLowerCase().includes(needle),
  );

  let body: React.ReactNode;
  if (drivers.isPending) body = <Loader aria-label={t('loading')} />;
  else if (drivers.isError) body = <Alert color="error">{t('loadFailed')}</Alert>;
  else if (drivers.data.length === 0) body = <Text c="dimmed">{t('empty')}</Text>;
  else if (rows.length === 0) body = <Text c="dimmed">{t('noMatch')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('fields.uniqueId')}</Table.Th>
              <Table.Th>{t('fields.cardNo')}</Table.Th>
              <Table.Th>{t('fields.cardExpirationDate')}</Table.Th>
              <Table.Th>{t('fields.mobile')}</Table.Th>
              <Table.Th>{t('actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((driver) => {
              const expired =
                driver.cardExpirationDate !== null && new Date(driver.cardExpirationDate).getTime() < Date.now();
              return (
                <Table.Tr key={driver.id}>
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
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('editNamed', { name: driver.name })}
                        onClick={() => setEditing({ driver })}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="error"
                        aria-label={t('deleteNamed', { name: driver.name })}
                        onClick={() => setDeleting(driver)}
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
        <Title order={2}>{t('title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
          {t('add')}
        </Button>
      </Group>
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
