import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { EVENT_REPORT_ALL } from '@waymark/contracts/event';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { isPeriodTooLong, periodRange } from '../../../lib/period';
import { useLiveEvents } from '../../../live/live-events';
import { useDevicesQuery } from '../../devices/devices.queries';
import type { EventsQuery } from '../alerts.api';
import { useEventsReportQuery } from '../alerts.queries';
import { eventTypeLabel } from '../event-label';
import { AlertFilters, type AlertFilterValues, defaultAlertFilters } from './alert-filters';
import { EventsTable } from './events-table';

const localDay = (text: string | null, endOfDay: boolean) => {
  if (!text) return null;
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return null;
  return endOfDay ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
};

function toQuery(filters: AlertFilterValues): { query: EventsQuery | null; tooLong: boolean } {
  const range = periodRange(filters.period, new Date(), [
    localDay(filters.custom[0], false),
    localDay(filters.custom[1], true),
  ]);
  if (filters.period === 'custom' && (!filters.custom[0] || !filters.custom[1])) return { query: null, tooLong: false };
  if (isPeriodTooLong(range)) return { query: null, tooLong: true };
  return {
    query: {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      deviceIds: filters.deviceIds.map(Number),
      types: filters.type === EVENT_REPORT_ALL ? [] : [filters.type],
    },
    tooLong: false,
  };
}

/** /alerts: live alerts from the websocket, then the events of a period with counts by type. */
export function AlertsOverview() {
  const { t } = useTranslation('alerts');
  const describeError = useErrorText();
  const [filters, setFilters] = useState<AlertFilterValues>(defaultAlertFilters);
  const { query, tooLong } = useMemo(() => toQuery(filters), [filters]);
  const report = useEventsReportQuery(query);
  const devices = useDevicesQuery();
  const live = useLiveEvents();
  const deviceNames = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d.name])), [devices.data]);
  const events = useMemo(() => [...(report.data ?? [])].reverse(), [report.data]);
  const counts = useMemo(() => {
    const byType = new Map<string, number>();
    for (const event of events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
    return [...byType.entries()].sort((a, b) => b[1] - a[1]);
  }, [events]);

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Card withBorder padding="md">
        <Text fw={600} mb="xs">
          {t('liveTitle')}
        </Text>
        {live.data?.length ? (
          <EventsTable events={live.data} deviceNames={deviceNames} label={t('liveTitle')} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('liveEmpty')}
          </Text>
        )}
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text fw={600}>{t('historyTitle')}</Text>
          <AlertFilters value={filters} onChange={setFilters} devices={devices.data ?? []} />
          {tooLong ? (
            <Alert color="yellow" variant="light">
              {t('periodTooLong')}
            </Alert>
          ) : !query ? (
            <Text size="sm" c="dimmed">
              {t('pickDates')}
            </Text>
          ) : report.isPending ? (
            <Loader size="sm" aria-label={t('loading')} />
          ) : report.isError ? (
            <Alert color="red" variant="light" title={t('loadFailed')}>
              <Text size="sm">{describeError(report.error)}</Text>
              <Button size="xs" mt="xs" variant="default" onClick={() => void report.refetch()}>
                {t('retry')}
              </Button>
            </Alert>
          ) : events.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('empty')}
            </Text>
          ) : (
            <>
              <Group gap="xs" aria-label={t('countsTitle')} role="group">
                <Badge variant="filled">{t('total', { count: events.length })}</Badge>
                {counts.map(([type, count]) => (
                  <Badge key={type} variant="light" data-testid={`count-${type}`}>
                    {eventTypeLabel(t, type)}: {count}
                  </Badge>
                ))}
              </Group>
              <EventsTable events={events} deviceNames={deviceNames} label={t('historyTitle')} />
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
