import { Grid } from '@mantine/core';
import { type ReportStop, reportStopSchema } from '@waymark/contracts/report';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportMap, type ReportMarker } from '../components/report-map';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { ReportResult, ReportView } from '../components/report-view';
import { REPORT_PAGES } from '../report-pages';
import { useReportQuery } from '../reports.queries';
import { type ReportFormatters, sumOf, useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

const stopKey = (stop: ReportStop) => `${stop.deviceId}-${stop.positionId}-${stop.startTime}`;
const theftLitres = (stop: ReportStop) => sumOf(stop.thefts, (theft) => theft.litres);

function stopColumns(t: TFunction<'reports'>, f: ReportFormatters, rows: readonly ReportStop[]) {
  const columns: ReportColumn<ReportStop>[] = [
    { id: 'device', label: t('col.device'), sortValue: (r) => r.deviceName },
    { id: 'start', label: t('col.startTime'), sortValue: (r) => r.startTime, render: (r) => f.time(r.startTime) },
    { id: 'end', label: t('col.endTime'), sortValue: (r) => r.endTime, render: (r) => f.time(r.endTime) },
    {
      id: 'place',
      label: t('col.place'),
      sortValue: (r) => r.address,
      render: (r) => f.place(r.address, r.latitude, r.longitude),
    },
    {
      id: 'duration',
      label: t('col.duration'),
      sortValue: (r) => r.duration,
      render: (r) => f.duration(r.duration),
      total: f.duration(sumOf(rows, (r) => r.duration)),
    },
    {
      id: 'engineHours',
      label: t('col.engineHours'),
      sortValue: (r) => r.engineHours,
      render: (r) => f.duration(r.engineHours),
      total: f.duration(sumOf(rows, (r) => r.engineHours)),
    },
    {
      id: 'idle',
      label: t('col.idleTime'),
      sortValue: (r) => r.idleTime,
      render: (r) => f.duration(r.idleTime),
      total: f.duration(sumOf(rows, (r) => r.idleTime)),
    },
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
      id: 'thefts',
      label: t('col.thefts'),
      sortValue: theftLitres,
      render: (r) => (r.thefts.length ? `${f.volume(theftLitres(r))} (${r.thefts.length})` : '—'),
      total: f.volume(sumOf(rows, theftLitres)),
    },
  ];
  return columns;
}

/** Stops with their table, totals, and their places on the map (the selected one larger). */
function StopsResult({ rows }: { rows: ReportStop[] }) {
  const { t } = useTranslation('reports');
  const f = useReportFormat();
  const [selected, setSelected] = useState<string | null>(null);
  const columns = useMemo(() => stopColumns(t, f, rows), [t, f, rows]);
  const markers = useMemo<ReportMarker[]>(
    () =>
      rows.map((stop) => ({
        key: stopKey(stop),
        at: [stop.latitude, stop.longitude],
        label: `${stop.deviceName} · ${f.time(stop.startTime)}`,
        selected: stopKey(stop) === selected,
      })),
    [rows, selected, f],
  );
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xl: 8 }}>
        <ReportTable
          label={t('pages.stops.title')}
          rows={rows}
          columns={columns}
          rowKey={stopKey}
          selected={selected}
          onSelect={(_, key) => setSelected(key)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 4 }}>
        <ReportMap label={t('map')} markers={markers} onSelect={setSelected} />
      </Grid.Col>
    </Grid>
  );
}

function StopsQuery({ query }: { query: URLSearchParams }) {
  const report = useReportQuery('stops', query, reportStopSchema);
  return <ReportResult query={report}>{(rows) => <StopsResult rows={rows} />}</ReportResult>;
}

/** /report/stops */
export function StopsReport() {
  const state = useReportState(REPORT_PAGES.stops);
  return (
    <ReportView id="stops" state={state}>
      {(query) => <StopsQuery query={query} />}
    </ReportView>
  );
}
