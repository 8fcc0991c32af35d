import { Grid, Text } from '@mantine/core';
import type { Event } from '@waymark/contracts/event';
import { type CombinedReportItem, combinedReportItemSchema } from '@waymark/contracts/report';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventTypeLabel } from '../../alerts/event-label';
import { useDevicesQuery } from '../../devices/devices.queries';
import { type LatLng, ReportMap, type ReportMarker } from '../components/report-map';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { ReportResult, ReportView } from '../components/report-view';
import { REPORT_PAGES } from '../report-pages';
import { useReportQuery } from '../reports.queries';
import { useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

const eventKey = (event: Event) => String(event.id);

/** The routes as map tracks ([lon, lat] from the API, [lat, lon] for the map) and every event of every device. */
export function combinedView(items: readonly CombinedReportItem[]) {
  const tracks = items.map((item) => item.route.map(([lon, lat]): LatLng => [lat, lon]));
  const events = items
    .flatMap((item) => item.events)
    .sort((a, b) => a.eventTime.localeCompare(b.eventTime) || a.id - b.id);
  const places = new Map<number, LatLng>();
  for (const item of items) for (const p of item.positions) places.set(p.id, [p.latitude, p.longitude]);
  return { tracks, events, places };
}

function CombinedResult({ items }: { items: CombinedReportItem[] }) {
  const { t } = useTranslation('reports');
  const { t: tAlerts } = useTranslation('alerts');
  const f = useReportFormat();
  const devices = useDevicesQuery();
  const names = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d.name])), [devices.data]);
  const [selected, setSelected] = useState<string | null>(null);
  const { tracks, events, places } = useMemo(() => combinedView(items), [items]);
  const columns = useMemo<ReportColumn<Event>[]>(
    () => [
      { id: 'time', label: t('col.time'), sortValue: (e) => e.eventTime, render: (e) => f.time(e.eventTime) },
      { id: 'device', label: t('col.device'), sortValue: (e) => names.get(e.deviceId) ?? `#${e.deviceId}` },
      { id: 'type', label: t('col.type'), sortValue: (e) => eventTypeLabel(tAlerts, e.type) },
      {
        id: 'alarm',
        label: t('col.alarm'),
        sortValue: (e) => (typeof e.attributes.alarm === 'string' ? e.attributes.alarm : null),
      },
    ],
    [t, tAlerts, f, names],
  );
  const markers = useMemo<ReportMarker[]>(
    () =>
      events.flatMap((event) => {
        const at = event.positionId ? places.get(event.positionId) : undefined;
        if (!at) return [];
        const label = `${names.get(event.deviceId) ?? `#${event.deviceId}`} · ${eventTypeLabel(tAlerts, event.type)} · ${f.time(event.eventTime)}`;
        return [{ key: eventKey(event), at, label, selected: eventKey(event) === selected }];
      }),
    [events, places, names, selected, tAlerts, f],
  );
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xl: 6 }}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('combinedRoutes', { count: items.length })}
        </Text>
        {events.length ? (
          <ReportTable
            label={t('pages.combined.title')}
            rows={events}
            columns={columns}
            rowKey={eventKey}
            selected={selected}
            onSelect={(_, key) => setSelected(key)}
          />
        ) : (
          <Text c="dimmed">{t('empty')}</Text>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 6 }}>
        <ReportMap label={t('map')} tracks={tracks} markers={markers} onSelect={setSelected} />
      </Grid.Col>
    </Grid>
  );
}

function CombinedQuery({ query }: { query: URLSearchParams }) {
  const report = useReportQuery('combined', query, combinedReportItemSchema);
  return <ReportResult query={report}>{(items) => <CombinedResult items={items} />}</ReportResult>;
}

/** /report/combined: each device's route with its events on one map, and the events in a table beside it. */
export function CombinedReport() {
  const state = useReportState(REPORT_PAGES.combined);
  return (
    <ReportView id="combined" state={state}>
      {(query) => <CombinedQuery query={query} />}
    </ReportView>
  );
}
