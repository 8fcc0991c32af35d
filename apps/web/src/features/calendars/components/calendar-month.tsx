import { ActionIcon, Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Month } from '../calendar-draft';
import { monthCoverage, type Span } from '../calendar-ics';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(Math.round(minutes % 60)).padStart(2, '0')}`;

function step({ year, month }: Month, by: number): Month {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * A month drawn as a calendar grid (weeks from Monday), the days the calendar covers highlighted with their hours,
 * in the wall clock of the calendar's own zone (`zone`, shown under the grid).
 */
export function CalendarMonth({ text, initial, zone }: { text: string; initial: Month; zone: string | null }) {
  const { t, i18n } = useTranslation('calendars');
  const [shown, setShown] = useState(initial);
  const coverage = useMemo(() => {
    try {
      return monthCoverage(text, shown.year, shown.month);
    } catch {
      return null;
    }
  }, [text, shown]);
  const first = Date.UTC(shown.year, shown.month - 1, 1);
  const daysInMonth = new Date(Date.UTC(shown.year, shown.month, 0)).getUTCDate();
  const leading = (new Date(first).getUTCDay() + 6) % 7;
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(i18n.language, { ...options, timeZone: 'UTC' });
  const title = format({ month: 'long', year: 'numeric' }).format(first);
  // 5 January 2026 was a Monday
  const weekdays = Array.from({ length: 7 }, (_, i) => format({ weekday: 'short' }).format(Date.UTC(2026, 0, 5 + i)));
  const spansText = (spans: Span[]) =>
    spans.map((s) => (s.from === 0 && s.to === 1440 ? t('grid.allDay') : `${hhmm(s.from)}–${hhmm(s.to)}`)).join(', ');

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <ActionIcon variant="subtle" aria-label={t('grid.previous')} onClick={() => setShown(step(shown, -1))}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text fw={600} aria-live="polite">
          {title}
        </Text>
        <ActionIcon variant="subtle" aria-label={t('grid.next')} onClick={() => setShown(step(shown, 1))}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      {coverage === null ? (
        <Text c="dimmed" size="sm">
          {t('grid.unreadable')}
        </Text>
      ) : (
        <SimpleGrid cols={7} spacing={4} verticalSpacing={4} role="grid" aria-label={title}>
          {weekdays.map((name) => (
            <Text key={name} size="xs" c="dimmed" ta="center" role="columnheader">
              {name}
            </Text>
          ))}
          {Array.from({ length: leading }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the blank cells before the 1st have nothing else
            <Box key={`blank-${i}`} />
          ))}
          {Array.from({ length: daysInMonth }, (_, i) => {
            const day = i + 1;
            const spans = coverage.get(day);
            const date = format({ dateStyle: 'long' }).format(first + i * 86_400_000);
            return (
              <Box
                key={day}
                role="gridcell"
                aria-label={`${date}: ${spans ? spansText(spans) : t('grid.notCovered')}`}
                data-covered={spans ? 'true' : undefined}
                p={4}
                mih={52}
                bg={spans ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
              >
                <Text size="xs" fw={spans ? 700 : 400}>
                  {day}
                </Text>
                {spans ? (
                  <Text size="10px" lh={1.2}>
                    {spansText(spans)}
                  </Text>
                ) : null}
              </Box>
            );
          })}
        </SimpleGrid>
      )}
      {zone ? (
        <Text size="xs" c="dimmed">
          {t('grid.zone', { zone })}
        </Text>
      ) : null}
    </Stack>
  );
}
