import { Anchor, Box, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatLatLon } from '../../../lib/format/coordinates';
import { formatTime } from '../../../lib/format/time';
import { formatSpeed } from '../../../lib/format/units';
import type { MapPreferences } from '../../map/use-map-preferences';
import { type ReplayTrack, trackIndexAt } from '../replay-timeline';

interface Props {
  tracks: readonly ReplayTrack[];
  /** the player's current time (epoch ms) */
  time: number;
  nameOf: (deviceId: number) => string;
  prefs: MapPreferences;
}

/** The legend under the player: each device's colour and where it is at the current time (its latest fix). */
export function ReplayLegend({ tracks, time, nameOf, prefs }: Props) {
  const { t, i18n } = useTranslation('replay');
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={4} aria-label={t('legend')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('device')}</Table.Th>
            <Table.Th>{t('time')}</Table.Th>
            <Table.Th>{t('currentSpeed')}</Table.Th>
            <Table.Th>{t('coordinates')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tracks.map((track) => {
            const current = track.points[trackIndexAt(track, time)];
            return (
              <Table.Tr key={track.deviceId} data-testid="replay-device">
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Box
                      w={12}
                      h={12}
                      style={{ borderRadius: 6, background: track.color, flex: 'none' }}
                      data-testid="replay-swatch"
                    />
                    <Text size="sm" data-testid="replay-device-name">
                      {nameOf(track.deviceId)}
                    </Text>
                  </Group>
                </Table.Td>
                {current ? (
                  <>
                    <Table.Td data-testid="replay-fix-time">{formatTime(current.fixTime, i18n.language)}</Table.Td>
                    <Table.Td data-testid="replay-speed">{formatSpeed(current.speed, prefs.units.speed)}</Table.Td>
                    <Table.Td data-testid="replay-coordinates">
                      {formatLatLon(current.latitude, current.longitude, prefs.coordinateFormat)}
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/position/${current.id}`} size="sm">
                        {t('details')}
                      </Anchor>
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      {t('notStarted')}
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
