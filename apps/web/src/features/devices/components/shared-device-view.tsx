import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import type { Position } from '@waymark/contracts/device';
import type { PublicDevice } from '@waymark/contracts/share';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isApiError } from '../../../api/http';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { usePageTitle } from '../../../components/use-page-title';
import { formatTime } from '../../../lib/format/time';
import type { DisplayPreferences } from '../../../lib/preferences';
import { useSharedDeviceQuery, useShareSocket } from '../shared-device';
import { useServerDisplayPreferences } from '../use-display-preferences';
import { DeviceMap } from './device-map';
import { DeviceStatusBadge } from './device-status-badge';
import { PositionSummary } from './position-summary';

/**
 * /devices/share/:id (public) — a shared device's (or a shared group's devices') name, status and live position
 * until the link expires.
 */
export function SharedDeviceView() {
  const { t, i18n } = useTranslation('devices');
  const id = useParams().id ?? '';
  const shared = useSharedDeviceQuery(id);
  const socketExpired = useShareSocket(id, shared.isSuccess);
  const prefs = useServerDisplayPreferences();
  const single = shared.data && shared.data.groupId === null ? shared.data.devices[0] : undefined;
  usePageTitle(single ? single.name : shared.data ? t('list.title') : t('share.title'));

  if (shared.isPending) return <LoadingState />;
  const expired = socketExpired || (shared.isError && isApiError(shared.error) && shared.error.status === 404);
  if (expired) {
    return (
      <Alert color="orange" icon={<IconClockX size={20} />} title={t('share.expiredTitle')} data-testid="share-expired">
        {t('share.expired')}
      </Alert>
    );
  }
  if (shared.isError) return <ErrorState error={shared.error} onRetry={() => void shared.refetch()} />;
  const { devices, positions, expiresAt } = shared.data;
  const until = (
    <Text size="sm" c="dimmed">
      {t('share.until', { time: formatTime(expiresAt, i18n.language) })}
    </Text>
  );
  const positionOf = (device: PublicDevice) => positions.find((p) => p.deviceId === device.id) ?? null;
  if (single) {
    return (
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <DeviceHeading device={single} order={2} />
          {until}
        </Group>
        <SharedPosition device={single} position={positionOf(single)} prefs={prefs} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('list.title')}</Title>
        {until}
      </Group>
      {devices.length === 0 ? <EmptyState message={t('list.empty')} /> : null}
      {devices.map((device) => (
        <Paper key={device.id} withBorder radius="md" p="md" data-testid="shared-device">
          <Stack gap="sm">
            <DeviceHeading device={device} order={3} />
            <SharedPosition device={device} position={positionOf(device)} prefs={prefs} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function DeviceHeading({ device, order }: { device: PublicDevice; order: 2 | 3 }) {
  return (
    <Group gap="sm">
      <Title order={order}>{device.name}</Title>
      <DeviceStatusBadge status={device.status} />
    </Group>
  );
}

function SharedPosition({
  device,
  position,
  prefs,
}: {
  device: PublicDevice;
  position: Position | null;
  prefs: DisplayPreferences;
}) {
  const { t } = useTranslation('devices');
  if (!position) return <EmptyState message={t('track.noPosition')} />;
  return (
    <>
      <Paper withBorder radius="md" p={0}>
        <DeviceMap point={position} label={device.name} height={400} />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <PositionSummary position={position} prefs={prefs} />
      </Paper>
    </>
  );
}
