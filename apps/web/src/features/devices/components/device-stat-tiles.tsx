import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { Device } from '@waymark/contracts/device';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus } from './device-status-badge';

export type StatusFilter = 'all' | DeviceStatus;
const TILES: readonly { key: StatusFilter; color: string }[] = [
  { key: 'all', color: 'blue' },
  { key: 'online', color: 'teal' },
  { key: 'offline', color: 'red' },
  { key: 'unknown', color: 'gray' },
];

/** Counts of all devices by connection status; a tile click filters the list. */
export function DeviceStatTiles({
  devices,
  active,
  onSelect,
}: {
  devices: readonly Device[];
  active: StatusFilter;
  onSelect: (filter: StatusFilter) => void;
}) {
  const { t } = useTranslation('devices');
  const count = (key: StatusFilter) =>
    key === 'all' ? devices.length : devices.filter((d) => d.status === key).length;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {TILES.map(({ key, color }) => (
        <UnstyledButton key={key} onClick={() => onSelect(key)} aria-pressed={active === key}>
          <Paper
            withBorder
            p="md"
            radius="md"
            bd={active === key ? `2px solid var(--mantine-color-${color}-6)` : undefined}
          >
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`tiles.${key}`)}
            </Text>
            <Text fz={28} fw={700} c={color} data-testid={`device-tile-${key}`}>
              {count(key)}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
