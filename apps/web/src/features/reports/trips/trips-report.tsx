import { Grid, Stack, Switch, Text } from '@mantine/core';
import { type ReportTrip, reportTripSchema } from '@waymark/contracts/report';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportMap, type ReportMarker } from '../components/report-map';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { ReportResult, ReportView } from '../components/report-view';
import { REPORT_PAGES } from '../report-pages';
import { useReportQuery, useTripRouteQuery } from '../reports.queries';
import { type ReportFormatters, sumOf, useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

const tripKey = (trip: ReportTrip) => `${trip.deviceId}-${trip.startPositionId}-${trip.endPositionId}`;

function tripColumns(t: TFunction<'reports'>, f: ReportFormatters, rows: readonly ReportTrip[]) {
  const columns: ReportColumn<ReportTrip>[] = [
    { id: 'device', label: t('col.device'), sortValue: (r) => r.deviceName },
    { id: 'start', label: t('col.startTime'), sortValue: (r) => r.startTime, render: (r) => f.time(r.startTime) },
    {
      id: 'startPlace',
      label: t('col.startPlace'),
      sortValue: (r) => r.startAddress,
      render: (r) => f.place(r.startAddress, r.startLat, r.startLon),
    },
    { id: 'end', label: t('col.endTime'), sortValue: (r) => r.endTime, render: (r) => f.time(r.endTime) },
    {
      id: 'endPlace',
      label: t('col.endPlace'),
      sortValue: (r) => r.endAddress,
      render: (r) => f.place(r.endAddress, r.endLat, r.endLon),
    },
    {
      id: 'distance',
      label: t('col.distance'),
      sortValue: (r) => r.distance,
      render: (r) => f.distance(r.distance),
      total: f.distance(sumOf(rows, (r) => r.distance)),
    },
    {
      id: 'duration',
      label: t('col.duration'),
      sortValue: (r) => r.duration,
      render: (r) => f.duration(r.duration),
      total: f.duration(sumOf(rows, (r) => r.duration)),
    },
    {
      id: 'avg',
      label: t('col.averageSpeed'),
      sortValue: (r) => r.averageSpeed,
      render: (r) => f.speed(r.averageSpeed),
    },
    { id: 'max', label: t('col.maxSpeed'), sortValue: (r) => r.maxSpeed, render: (r) => f.speed(r.maxSpeed) },
    {
      id: 'fuel',
      label: t('col.spentFuel'),
      sortValue: (r) => r.spentFuel,
      render: (r) => f.volume(r.spentFuel),
      total: f.volume(sumOf(rows, (r) => r.spentFuel)),
    },
    {
      id: 'refuels',
      label: t('col.refuels'),
      sortValue: (r) => r.refuelled,
      render: (r) => (r.refuels.length ? `${f.volume(r.refuelled)} (${r.refuels.length})` : '—'),
      total: f.volume(sumOf(rows, (r) => r.refuelled)),
    },
    {
      id: 'idle',
      label: t('col.idleTime'),
      sortValue: (r) => r.idleTime,
      render: (r) => f.duration(r.idleTime),
      total: f.duration(sumOf(rows, (r) => r.idleTime)),
    },
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
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xl: 8 }}>
        <ReportTable
          label={t('pages.trips.title')}
          rows={rows}
          columns={columns}
          rowKey={tripKey}
          selected={selected ? tripKey(selected) : null}
          onSelect={(row) => setSelected(row)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 4 }}>
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
      </Grid.Col>
    </Grid>
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
        <Switch
          label={t('groupTrips')}
          description={t('groupTripsHint')}
          checked={state.params.get('groupTrips') === 'true'}
          onChange={(event) => state.setExtra('groupTrips', event.currentTarget.checked ? ['true'] : [])}
        />
      }
    >
      {(query) => <TripsQuery query={query} />}
    </ReportView>
  );
}

function TripsQuery({ query }: { query: URLSearchParams }) {
  const report = useReportQuery('trips', query, reportTripSchema);
  return <ReportResult query={report}>{(rows) => <TripsResult rows={rows} />}</ReportResult>;
}
