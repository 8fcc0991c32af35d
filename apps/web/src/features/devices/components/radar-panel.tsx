import { Badge, Grid, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDistance } from '../../../lib/format/units';
import { useDevicesQuery, useLatestPositionsQuery } from '../devices.queries';
import { compassPoint, radarEntries } from '../radar-geometry';
import { useDisplayPreferences } from '../use-display-preferences';
import { DeviceStatusBadge } from './device-status-badge';
import { RadarScope } from './radar-scope';

/** Radar ranges in metres. */
const RANGES = [1_000, 5_000, 10_000, 50_000, 100_000, 500_000] as const;

/** radar and radar/:deviceId — devices around one device by distance and bearing, live. */
export function RadarPanel() {
  const { t } = useTranslation('devices');
  usePageTitle(t('radar.title'));
  const navigate = useNavigate();
  const centreId = Number(useParams().deviceId) || null;
  const devices = useDevicesQuery();
  const positions = useLatestPositionsQuery();
  const prefs = useDisplayPreferences();
  const [range, setRange] = useState<number>(10_000);
  const { centre, entries } = useMemo(
    () => radarEntries(centreId ?? 0, devices.data ?? [], positions.data ?? []),
    [centreId, devices.data, positions.data],
  );
  const centreDevice = devices.data?.find((d) => d.id === centreId);
  const inRange = entries.filter((e) => e.distance <= range);

  let body: ReactNode;
  if (devices.isPending || positions.isPending) body = <LoadingState />;
  else if (devices.isError || positions.isError)
    body = (
      <ErrorState
        error={devices.error ?? positions.error}
        onRetry={() => void Promise.all([devices.refetch(), positions.refetch()])}
      />
    );
  else if (!centreDevice) body = <EmptyState message={t('radar.chooseDevice')} />;
  else if (!centre) body = <EmptyState message={t('track.noPosition')} />;
  else
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <RadarScope entries={entries} range={range} centreName={centreDevice.name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {inRange.length === 0 ? (
            <EmptyState message={t('radar.noneInRange')} />
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped aria-label={t('radar.listLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.name')}</Table.Th>
                    <Table.Th>{t('radar.distance')}</Table.Th>
                    <Table.Th>{t('radar.bearing')}</Table.Th>
                    <Table.Th>{t('list.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inRange.map(({ device, distance, bearing }) => (
                    <Table.Tr key={device.id} data-testid={`radar-row-${device.id}`}>
                      <Table.Td>{device.name}</Table.Td>
                      <Table.Td>{formatDistance(distance, prefs.units.distance)}</Table.Td>
                      <Table.Td>
                        {Math.round(bearing)}°{' '}
                        <Badge variant="outline" size="sm">
                          {t(`radar.compass.${compassPoint(bearing)}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <DeviceStatusBadge status={device.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Grid.Col>
      </Grid>
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('radar.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('radar.subtitle')}
        </Text>
      </div>
      <Group grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label={t('radar.centre')}
          placeholder={t('command.devicePlaceholder')}
          data={(devices.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
          value={centreId ? String(centreId) : null}
          onChange={(value) => navigate(value ? `/radar/${value}` : '/radar')}
          searchable
          miw={220}
        />
        <Select
          label={t('radar.range')}
          data={RANGES.map((r) => ({ value: String(r), label: formatDistance(r, prefs.units.distance) }))}
          value={String(range)}
          onChange={(value) => setRange(Number(value ?? 10_000))}
          allowDeselect={false}
          miw={140}
        />
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {body}
      </Paper>
    </Stack>
  );
}
