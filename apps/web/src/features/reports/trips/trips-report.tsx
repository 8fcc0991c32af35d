import { Stack, Text } from '@mantine/core';
import { type ReportTrip, reportTripSchema } from '@waymark/contracts/report';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deviceColumn,
  fuelColumns,
  measureColumn,
  poiColumn,
  speedColumns,
  timeColumn,
} from '../components/report-columns';
import { ReportMap, type ReportMarker } from '../components/report-map';
import { ReportSplit } from '../components/report-split';
import { ReportSwitch } from '../components/report-switch';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { ReportQueryResult, ReportView } from '../components/report-view';
import { REPORT_PAGES } from '../report-pages';
import { useTripRouteQuery } from '../reports.queries';
import { type ReportFormatters, useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

const tripKey = (trip: ReportTrip) => `${trip.deviceId}-${trip.startPositionId}-${trip.endPositionId}`;

function tripColumns(t: TFunction<'reports'>, f: ReportFormatters, rows: readonly ReportTrip[]) {
  const columns: ReportColumn<ReportTrip>[] = [
    deviceColumn(t),
    timeColumn('start', t('col.startTime'), (r) => r.startTime, f),
    {
      id: 'startPlace',
      label: t('col.startPlace'),
      sortValue: (r) => r.startAddress,
      render: (r) => f.place(r.startAddress, r.startLat, r.startLon),
    },
    poiColumn('startPoi', t('col.startPoi'), (r) => r.startPoi),
    timeColumn('end', t('col.endTime'), (r) => r.endTime, f),
    {
      id: 'endPlace',
      label: t('col.endPlace'),
      sortValue: (r) => r.endAddress,
      render: (r) => f.place(r.endAddress, r.endLat, r.endLon),
    },
    poiColumn('endPoi', t('col.endPoi'), (r) => r.endPoi),
    measureColumn('distance', t('col.distance'), (r) => r.distance, f.distance, rows),
    measureColumn('duration', t('col.duration'), (r) => r.duration, f.duration, rows),
    ...speedColumns(t, f),
    ...fuelColumns(t, f, rows),
    measureColumn('idle', t('col.idleTime'), (r) => r.idleTime, f.duration, rows),
    { id: 'driver', label: t('col.driver'), sortValue: (r) => r.driverName ?? r.driverUniqueId },
  ];
  return columns;
}

/** Trips with their table, totals, and the selected trip's route on the map. */
function TripsResult({ rows }: { rows: ReportTrip[] }) {
  const { t } = useTranslation('reports');
  const f = useReportFormat();
  const [selected, setSelected] = useState<ReportTrip | null>(null);
  const route = useTripRouteQuery(selected);
  const columns = useMemo(() => tripColumns(t, f, rows), [t, f, rows]);
  // nothing selected: where each trip started, to pick one on the map; a trip selected: its start and end
  const markers = useMemo<ReportMarker[]>(() => {
    if (!selected)
      return rows.map((trip) => ({
        key: tripKey(trip),
        at: [trip.startLat, trip.startLon],
        label: `${trip.deviceName} · ${f.time(trip.startTime)}`,
        kind: 'start',
      }));
    return [
      { key: 'start', at: [selected.startLat, selected.startLon], label: t('col.startTime'), kind: 'start' },
      { key: 'end', at: [selected.endLat, selected.endLon], label: t('col.endTime'), kind: 'end' },
    ];
  }, [rows, selected, t, f]);
  const track = useMemo(
    () => (route.data ?? []).map((p) => [p.latitude, p.longitude] as [number, number]),
    [route.data],
  );
  return (
    <ReportSplit
      table={
        <ReportTable
          label={t('pages.trips.title')}
          rows={rows}
          columns={columns}
          rowKey={tripKey}
          selected={selected ? tripKey(selected) : null}
          onSelect={(row) => setSelected(row)}
        />
      }
      map={
        <Stack gap="xs">
          <ReportMap
            label={t('map')}
            tracks={selected && track.length ? [track] : []}
            markers={markers}
            onSelect={(key) => setSelected((old) => old ?? rows.find((trip) => tripKey(trip) === key) ?? null)}
          />
          <Text size="xs" c="dimmed" data-testid="map-hint">
            {selected ? (route.isPending ? t('routeLoading') : t('tripShown')) : t('selectTrip')}
          </Text>
        </Stack>
      }
    />
  );
}

/** /report/trips */
export function TripsReport() {
  const { t } = useTranslation('reports');
  const state = useReportState(REPORT_PAGES.trips);
  return (
    <ReportView
      id="trips"
      state={state}
      extraControls={
        <ReportSwitch state={state} name="groupTrips" label={t('groupTrips')} description={t('groupTripsHint')} />
      }
    >
      {(query) => (
        <ReportQueryResult type="trips" query={query} schema={reportTripSchema}>
          {(rows) => <TripsResult rows={rows} />}
        </ReportQueryResult>
      )}
    </ReportView>
  );
}
