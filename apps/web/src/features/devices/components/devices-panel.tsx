import { Button, Group, Pagination, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { Device } from '@waymark/contracts/device';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../auth/session-context';
import { useHasPermission } from '../../permissions/use-has-permission';
import { useDevicesQuery } from '../devices.queries';
import { DeleteDeviceDialog } from './delete-device-dialog';
import { DeviceEditor } from './device-editor';
import { DeviceStatTiles, type StatusFilter } from './device-stat-tiles';
import { DeviceTable } from './device-table';

/** Devices shown per page of the device list. */
export const DEVICE_PAGE_SIZE = 10;

/** Filters devices by a keyword (name or identifier) and a connection status. */
export function filterDevices(devices: readonly Device[], keyword: string, status: StatusFilter): Device[] {
  const needle = keyword.trim().toLowerCase();
  return devices.filter(
    (d) =>
      (status === 'all' || d.status === status) &&
      (!needle || d.name.toLowerCase().includes(needle) || d.uniqueId.toLowerCase().includes(needle)),
  );
}

/** The customer device list: stat tiles, search, status filter, table, editor (`?edit=<id>`), delete. */
export function DevicesPanel() {
  const { t } = useTranslation('devices');
  usePageTitle(t('list.title'));
  const user = useCurrentUser();
  const canEdit = useHasPermission(['ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS']) && !user.readonly && !user.deviceReadonly;
  const devices = useDevicesQuery();
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Device | null>(null);

  const editId = Number(params.get('edit'));
  const editing = devices.data?.find((d) => d.id === editId) ?? null;
  const filtered = useMemo(() => filterDevices(devices.data ?? [], keyword, status), [devices.data, keyword, status]);
  const pages = Math.max(1, Math.ceil(filtered.length / DEVICE_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = filtered.slice((current - 1) * DEVICE_PAGE_SIZE, current * DEVICE_PAGE_SIZE);

  const openEditor = (device: Device) => setParams((p) => ({ ...Object.fromEntries(p), edit: String(device.id) }));
  const closeEditor = () => {
    setCreating(false);
    setParams((p) => {
      p.delete('edit');
      return p;
    });
  };
  const filter = (next: StatusFilter) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('list.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('list.subtitle')}
          </Text>
        </div>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('list.add')}
          </Button>
        )}
      </Group>
      {devices.data && <DeviceStatTiles devices={devices.data} active={status} onSelect={filter} />}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group grow preventGrowOverflow={false} wrap="wrap">
            <TextInput
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={keyword}
              onChange={(e) => {
                setKeyword(e.currentTarget.value);
                setPage(1);
              }}
              miw={200}
            />
            <Select
              label={t('list.statusFilter')}
              data={(['all', 'online', 'offline', 'unknown'] as const).map((s) => ({
                value: s,
                label: t(`tiles.${s}`),
              }))}
              value={status}
              onChange={(value) => filter((value as StatusFilter | null) ?? 'all')}
              allowDeselect={false}
              miw={160}
            />
          </Group>
          {devices.isPending ? (
            <LoadingState />
          ) : devices.isError ? (
            <ErrorState error={devices.error} onRetry={() => void devices.refetch()} />
          ) : filtered.length === 0 ? (
            <EmptyState message={devices.data.length === 0 ? t('list.empty') : t('list.noMatch')}>
              {canEdit && devices.data.length === 0 && (
                <Button component={Link} to="/onboarding" variant="light">
                  {t('list.addFirst')}
                </Button>
              )}
            </EmptyState>
          ) : (
            <>
              <DeviceTable devices={shown} canEdit={canEdit} onEdit={openEditor} onDelete={setDeleting} />
              {pages > 1 && <Pagination total={pages} value={current} onChange={setPage} />}
            </>
          )}
        </Stack>
      </Paper>
      {canEdit && (
        <DeviceEditor opened={creating || editing !== null} device={creating ? null : editing} onClose={closeEditor} />
      )}
      <DeleteDeviceDialog device={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
