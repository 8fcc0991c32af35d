import {
  Box,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReportStop, ReportSummary } from '@waymark/contracts/report';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/state-views';
import { formatDuration, formatTime } from '../../../lib/format/time';
import { formatDistance, formatSpeed, type UnitPreferences } from '../../../lib/format/units';
import type { ReplayTrack } from '../replay-timeline';
import { tripSummaryOf } from '../trip-summary';

interface Props {
  tracks: readonly ReplayTrack[];
  /** null: the user may not see summaries (VIEW_SUMMARY_REPORTS) */
  summary: UseQueryResult<ReportSummary[]> | null;
  /** null: the user may not see stops (VIEW_STOP_REPORTS) */
  stops: UseQueryResult<ReportStop[]> | null;
  nameOf: (deviceId: number) => string;
  units: UnitPreferences;
  /** a stop of the list was clicked: the player goes there */
  onStop: (stop: ReportStop) => void;
}

/**
 * The trip summary beside the player: distance, moving, parked and idle time, top and average speed and the number
 * of stops, for each device (and all together when several), then the stops; a stop moves the player to it.
 */
export function ReplaySummary({ tracks, summary, stops, nameOf, units, onStop }: Props) {
  const { t, i18n } = useTranslation('replay');
  const failed = summary?.error ?? stops?.error;
  const pending = Boolean(summary?.isPending || stops?.isPending);
  const rows = summary?.data ?? [];
  const stopRows = stops?.data ?? [];
  const blocks = [
    ...(tracks.length > 1 ? [{ key: 'all', title: t('allDevices'), color: null, deviceId: null }] : []),
    ...tracks.map((track) => ({
      key: String(track.deviceId),
      title: nameOf(track.deviceId),
      color: track.color,
      deviceId: track.deviceId,
    })),
  ];

  let body: ReactNode;
  if (failed) body = <ErrorState error={failed} title={t('summaryFailed')} />;
  else if (pending)
    body = (
      <Center py="md" role="status" aria-label={t('summaryLoading')}>
        <Loader size="sm" />
      </Center>
    );
  else
    body = (
      <Stack gap="md">
        {blocks.map((block) => {
          const mine = <R extends { deviceId: number }>(list: readonly R[]) =>
            block.deviceId === null ? list : list.filter((r) => r.deviceId === block.deviceId);
          const s = tripSummaryOf(mine(rows), mine(stopRows));
          const value = (shown: boolean, text: string) => (shown ? text : '—');
          const items = [
            ['distance', value(summary !== null, formatDistance(s.distance, units.distance))],
            ['movingTime', value(summary !== null, formatDuration(s.movingTime))],
            ['parkedTime', value(stops !== null, formatDuration(s.parkedTime))],
            ['idleTime', value(summary !== null, formatDuration(s.idleTime))],
            ['maxSpeed', value(summary !== null, formatSpeed(s.maxSpeed, units.speed))],
            ['averageSpeed', value(summary !== null, formatSpeed(s.averageSpeed, units.speed))],
            ['stops', value(stops !== null, String(s.stops))],
          ] as const;
          return (
            <Stack key={block.key} gap={6} data-testid="replay-summary-block" aria-label={block.title} role="group">
              <Group gap={6}>
                {block.color && <Box w={10} h={10} style={{ borderRadius: 5, background: block.color }} />}
                <Text size="sm" fw={600}>
                  {block.title}
                </Text>
              </Group>
              <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
                {items.map(([key, text]) => (
                  <div key={key}>
                    <Text size="xs" c="dimmed">
                      {t(key)}
                    </Text>
                    <Text size="sm" data-testid={`summary-${key}`}>
                      {text}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Stack>
          );
        })}
        {stopRows.length > 0 && (
          <>
            <Divider label={t('stopsList')} labelPosition="left" />
            <ScrollArea.Autosize mah={260}>
              <Stack gap={2}>
                {stopRows.map((stop) => (
                  <UnstyledButton
                    key={`${stop.deviceId}|${stop.startTime}`}
                    onClick={() => onStop(stop)}
                    aria-label={t('goToStop', {
                      name: nameOf(stop.deviceId),
                      time: formatTime(stop.startTime, i18n.language),
                    })}
                    p={4}
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  >
                    <Text size="xs" fw={500}>
                      {tracks.length > 1 ? `${nameOf(stop.deviceId)} · ` : ''}
                      {formatTime(stop.startTime, i18n.language)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('stopFor', { duration: formatDuration(stop.duration) })}
                      {stop.address ? ` · ${stop.address}` : ''}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
    );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('summary')}>
      <Stack gap="sm">
        <Title order={4}>{t('summary')}</Title>
        {body}
      </Stack>
    </Paper>
  );
}
