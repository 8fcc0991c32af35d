import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Device } from '@waymark/contracts/device';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../markers/status-colors';

export type StatusFilter = 'all' | Device['status'];
/** Rows rendered at once; with more matches the user narrows the search. */
export const LIST_LIMIT = 200;

export function filterDevices(devices: readonly Device[], search: string, status: StatusFilter): Device[] {
  const needle = search.trim().toLowerCase();
  return devices.filter(
    (d) =>
      (status === 'all' || d.status === status) &&
      (!needle || d.name.toLowerCase().includes(needle) || d.uniqueId.toLowerCase().includes(needle)),
  );
}

interface DeviceListPanelProps {
  devices: readonly Device[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** Device list beside the map: search by name or identifier, status filter, select to show on the map. */
export const DeviceListPanel = memo(function DeviceListPanel({
  devices,
  isLoading,
  error,
  onRetry,
  selectedId,
  onSelect,
}: DeviceListPanelProps) {
  const { t } = useTranslation('map');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const deferredSearch = useDeferredValue(search);
  const matches = useMemo(
    () => filterDevices(devices ?? [], deferredSearch, status),
    [devices, deferredSearch, status],
  );

  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
      <TextInput
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={t('list.statusFilter')}
        value={status}
        onChange={(value) => setStatus(value as StatusFilter)}
        data={(['all', 'online', 'offline', 'unknown'] as const).map((value) => ({
          value,
          label: t(`status.${value}`),
        }))}
      />
      {isLoading ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('list.loading')} />
        </Group>
      ) : error ? (
        <Alert color="red" title={t('list.loadError')}>
          <Text size="sm">{error.message}</Text>
          <Button size="xs" mt="xs" variant="light" onClick={onRetry}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : matches.length === 0 ? (
        <Text c="dimmed" size="sm" p="sm">
          {devices && devices.length > 0 ? t('list.noMatches') : t('list.empty')}
        </Text>
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <Stack gap={4} component="ul" m={0} p={0} aria-label={t('list.label')} style={{ listStyle: 'none' }}>
            {matches.slice(0, LIST_LIMIT).map((device) => (
              <li key={device.id}>
                <UnstyledButton
                  w="100%"
                  p="xs"
                  onClick={() => onSelect(device.id)}
                  aria-pressed={device.id === selectedId}
                  data-testid={`device-row-${device.id}`}
                  style={{
                    borderRadius: 7,
                    background: device.id === selectedId ? 'var(--mantine-color-primary-light)' : undefined,
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={500} truncate>
                      {device.name}
                    </Text>
                    <Badge size="xs" variant="dot" color={STATUS_COLORS[device.status]}>
                      {t(`status.${device.status}`)}
                    </Badge>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
          {matches.length > LIST_LIMIT && (
            <Text size="xs" c="dimmed" p="xs">
              {t('list.more', { shown: LIST_LIMIT, count: matches.length })}
            </Text>
          )}
        </ScrollArea>
      )}
    </Stack>
  );
});
