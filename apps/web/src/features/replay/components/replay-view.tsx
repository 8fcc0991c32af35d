import { Grid, Paper, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReportStop, ReportSummary } from '@waymark/contracts/report';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapPreferences } from '../../map/use-map-preferences';
import { type ReplayTrack, stepAt, timelineOf } from '../replay-timeline';
import { usePlayback } from '../use-playback';
import { ReplayDownloads } from './replay-downloads';
import { ReplayLegend } from './replay-legend';
import { ReplayMap } from './replay-map';
import { ReplayPlayer } from './replay-player';
import { ReplaySummary } from './replay-summary';

interface Props {
  /** one per device, never empty, none empty */
  tracks: readonly ReplayTrack[];
  summary: UseQueryResult<ReportSummary[]> | null;
  stops: UseQueryResult<ReportStop[]> | null;
  nameOf: (deviceId: number) => string;
  prefs: MapPreferences;
  /** the replayed period, ISO-8601 */
  from: string;
  to: string;
}

/**
 * A replay on one timeline: every device's marker moves together (each at its latest fix at the player's time),
 * the legend under the player, the trace downloads, and the trip summary beside it whose stops seek the player.
 */
export function ReplayView({ tracks, summary, stops, nameOf, prefs, from, to }: Props) {
  const { t } = useTranslation('replay');
  const timeline = useMemo(() => timelineOf(tracks), [tracks]);
  const playback = usePlayback(timeline);
  const time = timeline[playback.index] ?? 0;
  const { seek } = playback;
  const goToStop = useCallback(
    (stop: ReportStop) => seek(stepAt(timeline, Date.parse(stop.startTime))),
    [seek, timeline],
  );
  const deviceIds = useMemo(() => tracks.map((track) => track.deviceId), [tracks]);
  const showSummary = summary !== null || stops !== null;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: showSummary ? 8 : 12 }}>
        <Stack gap="md">
          <Paper withBorder radius="md" p={0}>
            <ReplayMap
              tracks={tracks}
              time={time}
              stops={stops?.data ?? []}
              onStop={goToStop}
              nameOf={nameOf}
              label={t('map')}
              customTileUrl={prefs.customTileUrl}
            />
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <ReplayPlayer timeline={timeline} playback={playback} />
              <ReplayLegend tracks={tracks} time={time} nameOf={nameOf} prefs={prefs} />
              <ReplayDownloads deviceIds={deviceIds} nameOf={nameOf} from={from} to={to} />
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>
      {showSummary && (
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ReplaySummary
            tracks={tracks}
            summary={summary}
            stops={stops}
            nameOf={nameOf}
            units={prefs.units}
            onStop={goToStop}
          />
        </Grid.Col>
      )}
    </Grid>
  );
}
