import { Grid } from '@mantine/core';
import { type Position, positionSchema } from '@waymark/contracts/device';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLatLon } from '../../../lib/format/coordinates';
import { useDevicesQuery } from '../../devices/devices.queries';
import { useDisplayPreferences } from '../../devices/use-display-preferences';
import { type LatLng, ReportMap, type ReportMarker } from '../components/report-map';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { ReportResult, ReportView } from '../components/report-view';
import { REPORT_PAGES } from '../report-pages';
import { useReportQuery } from '../reports.queries';
import { type ReportFormatters, useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

const positionKey = (p: Position) => String(p.id);

function routeColumns(
  t: TFunction<'reports'>,
  f: ReportFormatters,
  names: ReadonlyMap<number, string>,
  coordinates: ReturnType<typeof useDisplayPreferences>['coordinates'],
) {
  const columns: ReportColumn<Position>[] = [
    { id: 'device', label: t('col.device'), sortValue: (p) => names.get(p.deviceId) ?? `#${p.deviceId}` },
    { id: 'time', label: t('col.time'), sortValue: (p) => p.fixTime, render: (p) => f.time(p.fixTime) },
    {
      id: 'coordinates',
      label: t('col.coordinates'),
      sortValue: (p) => p.latitude,
      render: (p) => formatLatLon(p.latitude, p.longitude, coordinates),
    },
    { id: 'speed', label: t('col.speed'), sortValue: (p) => p.speed, render: (p) => f.speed(p.speed) },
    {
      id: 'altitude',
      label: t('col.altitude'),
      sortValue: (p) => p.altitude,
      render: (p) => `${Math.round(p.altitude)} m`,
    },
    { id: 'course', label: t('col.course'), sortValue: (p) => p.course, render: (p) => `${Math.round(p.course)}°` },
    { id: 'address', label: t('col.address'), sortValue: (p) => p.address },
  ];
  return columns;
}

function RouteResult({ rows }: { rows: Position[] }) {
  const { t } = useTranslation('reports');
  const f = useReportFormat();
  const { coordinates } = useDisplayPreferences();
  const devices = useDevicesQuery();
  const names = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d.name])), [devices.data]);
  const [selected, setSelected] = useState<Position | null>(null);
  const columns = useMemo(() => routeColumns(t, f, names, coordinates), [t, f, names, coordinates]);
  // one track per device, in time order
  const tracks = useMemo(() => {
    const byDevice = new Map<number, LatLng[]>();
    const ordered = [...rows].sort((a, b) => a.fixTime.localeCompare(b.fixTime));
    for (const p of ordered) {
      const track = byDevice.get(p.deviceId) ?? [];
      track.push([p.latitude, p.longitude]);
      byDevice.set(p.deviceId, track);
    }
    return [...byDevice.values()];
  }, [rows]);
  const markers = useMemo<ReportMarker[]>(
    () =>
      selected
        ? [
            {
              key: positionKey(selected),
              at: [selected.latitude, selected.longitude],
              label: f.time(selected.fixTime),
              selected: true,
            },
          ]
        : [],
    [selected, f],
  );
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xl: 8 }}>
        <ReportTable
          label={t('pages.routes.title')}
          rows={rows}
          columns={columns}
          rowKey={positionKey}
          selected={selected ? positionKey(selected) : null}
          onSelect={(row) => setSelected(row)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 4 }}>
        <ReportMap label={t('map')} tracks={tracks} markers={markers} />
      </Grid.Col>
    </Grid>
  );
}

function RouteQuery({ query }: { query: URLSearchParams }) {
  const report = useReportQuery('route', query, positionSchema);
  return <ReportResult query={report}>{(rows) => <RouteResult rows={rows} />}</ReportResult>;
}

/** /report/routes: the positions of the period, as a table and as tracks on the map. */
export function RouteReport() {
  const state = useReportState(REPORT_PAGES.routes);
  return (
    <ReportView id="routes" state={state}>
      {(query) => <RouteQuery query={query} />}
    </ReportView>
  );
}
