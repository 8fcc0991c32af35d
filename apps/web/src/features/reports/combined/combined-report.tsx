import { Text } from '@mantine/core';
import { type CombinedReportItem, combinedReportItemSchema } from '@waymark/contracts/report';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { eventTypeLabel } from '../../alerts/event-label';
import { useDeviceNames } from '../../devices/devices.queries';
import { eventColumns, eventKey } from '../components/report-columns';
import type { LatLng } from '../components/report-map';
import { SelectableReport } from '../components/report-split';
import { ReportQueryResult, ReportView } from '../components/report-view';
import { REPORT_PAGES } from '../report-pages';
import { useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

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
  const { nameOf } = useDeviceNames();
  const { tracks, events, places } = useMemo(() => combinedView(items), [items]);
  const columns = useMemo(() => eventColumns(t, tAlerts, f, nameOf), [t, tAlerts, f, nameOf]);
  const markers = useMemo(
    () =>
      events.flatMap((event) => {
        const at = event.positionId ? places.get(event.positionId) : undefined;
        if (!at) return [];
        const label = `${nameOf(event.deviceId)} · ${eventTypeLabel(tAlerts, event.type)} · ${f.time(event.eventTime)}`;
        return [{ key: eventKey(event), at, label }];
      }),
    [events, places, nameOf, tAlerts, f],
  );
  return (
    <SelectableReport
      label={t('pages.combined.title')}
      rows={events}
      columns={columns}
      rowKey={eventKey}
      markers={markers}
      tracks={tracks}
      tableSpan={6}
      heading={
        <Text size="sm" c="dimmed" mb="xs">
          {t('combinedRoutes', { count: items.length })}
        </Text>
      }
    />
  );
}

/** /report/combined: each device's route with its events on one map, and the events in a table beside it. */
export function CombinedReport() {
  const state = useReportState(REPORT_PAGES.combined);
  return (
    <ReportView id="combined" state={state}>
      {(query) => (
        <ReportQueryResult type="combined" query={query} schema={combinedReportItemSchema}>
          {(items) => <CombinedResult items={items} />}
        </ReportQueryResult>
      )}
    </ReportView>
  );
}
