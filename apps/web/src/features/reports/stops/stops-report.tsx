import { type ReportStop, reportStopSchema } from '@waymark/contracts/report';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceColumn, fuelColumns, measureColumn, poiColumn, timeColumn } from '../components/report-columns';
import type { LatLng } from '../components/report-map';
import { SelectableReport } from '../components/report-split';
import type { ReportColumn } from '../components/report-table';
import { ReportQueryResult, ReportView } from '../components/report-view';
import { REPORT_PAGES } from '../report-pages';
import { type ReportFormatters, sumOf, useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

const stopKey = (stop: ReportStop) => `${stop.deviceId}-${stop.positionId}-${stop.startTime}`;
const theftLitres = (stop: ReportStop) => sumOf(stop.thefts, (theft) => theft.litres);

function stopColumns(t: TFunction<'reports'>, f: ReportFormatters, rows: readonly ReportStop[]) {
  const columns: ReportColumn<ReportStop>[] = [
    deviceColumn(t),
    timeColumn('start', t('col.startTime'), (r) => r.startTime, f),
    timeColumn('end', t('col.endTime'), (r) => r.endTime, f),
    {
      id: 'place',
      label: t('col.place'),
      sortValue: (r) => r.address,
      render: (r) => f.place(r.address, r.latitude, r.longitude),
    },
    poiColumn('poi', t('col.poi'), (r) => r.poi),
    measureColumn('duration', t('col.duration'), (r) => r.duration, f.duration, rows),
    measureColumn('engineHours', t('col.engineHours'), (r) => r.engineHours, f.duration, rows),
    measureColumn('idle', t('col.idleTime'), (r) => r.idleTime, f.duration, rows),
    ...fuelColumns(t, f, rows),
    {
      ...measureColumn('thefts', t('col.thefts'), theftLitres, f.volume, rows),
      render: (r) => (r.thefts.length ? `${f.volume(theftLitres(r))} (${r.thefts.length})` : '—'),
    },
  ];
  return columns;
}

/** Stops with their table, totals, and their places on the map (the selected one larger). */
function StopsResult({ rows }: { rows: ReportStop[] }) {
  const { t } = useTranslation('reports');
  const f = useReportFormat();
  const columns = useMemo(() => stopColumns(t, f, rows), [t, f, rows]);
  const markers = useMemo(
    () =>
      rows.map((stop) => ({
        key: stopKey(stop),
        at: [stop.latitude, stop.longitude] as LatLng,
        label: `${stop.deviceName} · ${f.time(stop.startTime)}`,
      })),
    [rows, f],
  );
  return (
    <SelectableReport label={t('pages.stops.title')} rows={rows} columns={columns} rowKey={stopKey} markers={markers} />
  );
}

/** /report/stops */
export function StopsReport() {
  const state = useReportState(REPORT_PAGES.stops);
  return (
    <ReportView id="stops" state={state}>
      {(query) => (
        <ReportQueryResult type="stops" query={query} schema={reportStopSchema}>
          {(rows) => <StopsResult rows={rows} />}
        </ReportQueryResult>
      )}
    </ReportView>
  );
}
