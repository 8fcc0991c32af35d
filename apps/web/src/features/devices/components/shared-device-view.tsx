import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isApiError } from '../../../api/http';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { usePageTitle } from '../../../components/use-page-title';
import { formatTime } from '../../../lib/format/time';
import { useSharedDeviceQuery, useShareSocket } from '../shared-device';
import { useServerDisplayPreferences } from '../use-display-preferences';
import { DeviceMap } from './device-map';
import { DeviceStatusBadge } from './device-status-badge';
import { PositionSummary } from './position-summary';

/** /devices/share/:id (public) — a shared device's name, status and live position until the link expires. */
export function SharedDeviceView() {
  const { t, i18n } = useTranslation('devices');
  const id = useParams().id ?? '';
  const shared = useSharedDeviceQuery(id);
  const socketExpired = useShareSocket(id, shared.isSuccess);
  const prefs = useServerDisplayPreferences();
  usePageTitle(shared.data ? shared.data.device.name : t('share.title'));

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
  const { device, position, expiresAt } = shared.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={2}>{device.name}</Title>
          <DeviceStatusBadge status={device.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('share.until', { time: formatTime(expiresAt, i18n.language) })}
        </Text>
      </Group>
      {position ? (
        <>
          <Paper withBorder radius="md" p={0}>
            <DeviceMap point={position} label={device.name} height={400} />
          </Paper>
          <Paper withBorder radius="md" p="md">
            <PositionSummary position={position} prefs={prefs} />
          </Paper>
        </>
      ) : (
        <EmptyState message={t('track.noPosition')} />
      )}
    </Stack>
  );
}
