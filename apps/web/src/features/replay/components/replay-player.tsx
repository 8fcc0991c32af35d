import { ActionIcon, Anchor, Group, Paper, SegmentedControl, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { Position } from '@waymark/contracts/device';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCoordinate } from '../../../lib/format/coordinates';
import { formatTime } from '../../../lib/format/time';
import { formatSpeed } from '../../../lib/format/units';
import type { MapPreferences } from '../../map/use-map-preferences';
import { PLAYBACK_SPEEDS, type PlaybackSpeed, stepDelay } from '../playback';
import { ReplayMap } from './replay-map';

interface Props {
  /** The route, oldest fix first (never empty). */
  points: readonly Position[];
  prefs: MapPreferences;
}

/** Plays a route back: map, play/pause, speed, a slider over the points and the current point's values. */
export function ReplayPlayer({ points, prefs }: Props) {
  const { t, i18n } = useTranslation('replay');
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(10);
  const last = points.length - 1;
  const current = points[Math.min(index, last)] as Position;

  useEffect(() => {
    if (!playing) return;
    const here = points[index];
    const next = points[index + 1];
    if (!here || !next) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex(index + 1), stepDelay(here.fixTime, next.fixTime, speed));
    return () => clearTimeout(timer);
  }, [playing, index, speed, points]);

  const togglePlaying = () => {
    if (playing) return setPlaying(false);
    if (index >= last) setIndex(0); // at the end, play starts over
    setPlaying(last > 0);
  };

  const coordinates = `${formatCoordinate(current.latitude, 'lat', prefs.coordinateFormat)}, ${formatCoordinate(
    current.longitude,
    'lon',
    prefs.coordinateFormat,
  )}`;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={0}>
        <ReplayMap points={points} index={index} label={t('map')} customTileUrl={prefs.customTileUrl} />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="md" wrap="nowrap">
            <ActionIcon
              size="lg"
              variant="filled"
              radius="xl"
              onClick={togglePlaying}
              aria-label={playing ? t('pause') : t('play')}
              disabled={last === 0}
            >
              {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
            </ActionIcon>
            <Slider
              style={{ flex: 1 }}
              min={0}
              max={Math.max(last, 1)}
              step={1}
              value={index}
              onChange={(value) => setIndex(Math.min(value, last))}
              label={(value) => formatTime(points[value]?.fixTime ?? current.fixTime, i18n.language)}
              thumbLabel={t('slider')}
              disabled={last === 0}
            />
            <SegmentedControl
              size="xs"
              aria-label={t('speed')}
              data={PLAYBACK_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
              value={String(speed)}
              onChange={(value) => setSpeed(Number(value) as PlaybackSpeed)}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('pointOf', { current: index + 1, total: points.length })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <div>
              <Text size="xs" c="dimmed">
                {t('time')}
              </Text>
              <Text size="sm" data-testid="replay-time">
                {formatTime(current.fixTime, i18n.language)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('currentSpeed')}
              </Text>
              <Text size="sm" data-testid="replay-speed">
                {formatSpeed(current.speed, prefs.units.speed)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('coordinates')}
              </Text>
              <Text size="sm" data-testid="replay-coordinates">
                {coordinates}
              </Text>
            </div>
          </SimpleGrid>
          <Anchor component={Link} to={`/position/${current.id}`} size="sm">
            {t('details')}
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}
