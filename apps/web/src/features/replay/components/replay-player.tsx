import { ActionIcon, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format/time';
import { PLAYBACK_SPEEDS, type PlaybackSpeed } from '../playback';
import type { Playback } from '../use-playback';

interface Props {
  /** every step's time (epoch ms), ascending, never empty */
  timeline: readonly number[];
  playback: Playback;
}

const isoOf = (time: number | undefined) => new Date(time ?? 0).toISOString();

/** The player's controls: play/pause, a slider over the timeline's steps, the speed, and the current time. */
export function ReplayPlayer({ timeline, playback }: Props) {
  const { t, i18n } = useTranslation('replay');
  const { index, last, playing, toggle, seek, speed, setSpeed } = playback;
  return (
    <Stack gap="xs">
      <Group gap="md" wrap="nowrap">
        <ActionIcon
          size="lg"
          variant="filled"
          radius="xl"
          onClick={toggle}
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
          onChange={seek}
          label={(value) => formatTime(isoOf(timeline[value]), i18n.language)}
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
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} data-testid="replay-time">
          {formatTime(isoOf(timeline[index]), i18n.language)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('pointOf', { current: index + 1, total: timeline.length })}
        </Text>
      </Group>
    </Stack>
  );
}
