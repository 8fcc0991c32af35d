import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { usePageTitle } from '../../../components/use-page-title';
import { formatTime } from '../../../lib/format/time';
import { useDeviceQuery, useLatestPositionsQuery } from '../devices.queries';
import { useDisplayPreferences } from '../use-display-preferences';
import { DeviceMap } from './device-map';
import { DeviceStatusBadge } from './device-status-badge';
import { PositionSummary } from './position-summary';
import { useTrail } from './use-trail';

/** devices/track/:id — one device followed live on a small map, with its latest position. */
export function TrackPanel() {
  const { t, i18n } = useTranslation('devices');
  const id = Number(useParams().id);
  const device = useDeviceQuery(id);
  const positions = useLatestPositionsQuery();
  const prefs = useDisplayPreferences();
  const position = positions.data?.find((p) => p.deviceId === id);
  const trail = useTrail(position);
  usePageTitle(device.data ? t('track.titleOf', { name: device.data.name }) : t('track.title'));

  const back = (
    <Button component={Link} to="/devices" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
      {t('common.backToDevices')}
    </Button>
  );
  if (device.isPending || positions.isPending) return <LoadingState />;
  if (device.isError || positions.isError) {
    const error = device.error ?? positions.error;
    return (
      <Stack>
        {back}
        <ErrorState error={error} onRetry={() => void (device.isError ? device.refetch() : positions.refetch())} />
      </Stack>
    );
  }
  const d = device.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={2}>{d.name}</Title>
          <DeviceStatusBadge status={d.status} />
        </Group>
        {back}
      </Group>
      <Text size="sm" c="dimmed">
        {t('track.lastUpdate')}: {d.lastUpdate ? formatTime(d.lastUpdate, i18n.language) : t('list.never')}
      </Text>
      {position ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="md" p={0}>
              <DeviceMap point={position} trail={trail} label={d.name} height={420} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p="md">
              <Title order={4} mb="sm">
                {t('track.latest')}
              </Title>
              <PositionSummary position={position} prefs={prefs} detailsLink />
            </Paper>
          </Grid.Col>
        </Grid>
      ) : (
        <Paper withBorder radius="md" p="md">
          <EmptyState message={t('track.noPosition')} />
        </Paper>
      )}
    </Stack>
  );
}
