import { Switch } from '@mantine/core';
import { type ReportSummary, reportSummarySchema } from '@waymark/contracts/report';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format/time';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { ReportResult, ReportView } from '../components/report-view';
import { REPORT_PAGES } from '../report-pages';
import { useReportQuery } from '../reports.queries';
import { type ReportFormatters, sumOf, useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

function summaryColumns(
  t: TFunction<'reports'>,
  f: ReportFormatters,
  rows: readonly ReportSummary[],
  daily: boolean,
  language: string,
) {
  const total = (value: (r: ReportSummary) => number, format: (n: number) => string) => format(sumOf(rows, value));
  const columns: ReportColumn<ReportSummary>[] = [
    { id: 'device', label: t('col.device'), sortValue: (r) => r.deviceName },
    ...(daily
      ? [
          {
            id: 'day',
            label: t('col.day'),
            sortValue: (r: ReportSummary) => r.startTime,
            render: (r: ReportSummary) => (r.startTime ? formatDate(r.startTime, language) : '—'),
          },
        ]
      : []),
    {
      id: 'distance',
      label: t('col.distance'),
      sortValue: (r) => r.distance,
      render: (r) => f.distance(r.distance),
      total: total((r) => r.distance, f.distance),
    },
    {
      id: 'startOdometer',
      label: t('col.startOdometer'),
      sortValue: (r) => r.startOdometer,
      render: (r) => f.distance(r.startOdometer),
    },
    {
      id: 'endOdometer',
      label: t('col.endOdometer'),
      sortValue: (r) => r.endOdometer,
      render: (r) => f.distance(r.endOdometer),
    },
    {
      id: 'avg',
      label: t('col.averageSpeed'),
      sortValue: (r) => r.averageSpeed,
      render: (r) => f.speed(r.averageSpeed),
    },
    { id: 'max', label: t('col.maxSpeed'), sortValue: (r) => r.maxSpeed, render: (r) => f.speed(r.maxSpeed) },
    {
      id: 'moving',
      label: t('col.movingTime'),
      sortValue: (r) => r.movingTime,
      render: (r) => f.duration(r.movingTime),
      total: total((r) => r.movingTime, f.duration),
    },
    {
      id: 'engineHours',
      label: t('col.engineHours'),
      sortValue: (r) => r.engineHours,
      render: (r) => f.duration(r.engineHours),
      total: total((r) => r.engineHours, f.duration),
    },
    {
      id: 'idle',
      label: t('col.idleTime'),
      sortValue: (r) => r.idleTime,
      render: (r) => f.duration(r.idleTime),
      total: total((r) => r.idleTime, f.duration),
    },
    {
      id: 'fuel',
      label: t('col.spentFuel'),
      sortValue: (r) => r.spentFuel,
      render: (r) => f.volume(r.spentFuel),
      total: total((r) => r.spentFuel, f.volume),
    },
    {
      id: 'refuelled',
      label: t('col.refuelled'),
      sortValue: (r) => r.refuelled,
      render: (r) => f.volume(r.refuelled),
      total: total((r) => r.refuelled, f.volume),
    },
    {
      id: 'thefts',
      label: t('col.thefts'),
      sortValue: (r) => r.fuelThefts,
      render: (r) => f.volume(r.fuelThefts),
      total: total((r) => r.fuelThefts, f.volume),
    },
  ];
  return columns;
}

function SummaryQuery({ query, daily }: { query: URLSearchParams; daily: boolean }) {
  const { t, i18n } = useTranslation('reports');
  const f = useReportFormat();
  const report = useReportQuery('summary', query, reportSummarySchema);
  const rows = report.data?.rows ?? [];
  const columns = useMemo(() => summaryColumns(t, f, rows, daily, i18n.language), [t, f, rows, daily, i18n.language]);
  return (
    <ReportResult query={report}>
      {(shown) => (
        <ReportTable
          label={t('pages.summary.title')}
          rows={shown}
          columns={columns}
          rowKey={(r, index) => `${r.deviceId}-${r.startTime ?? index}`}
        />
      )}
    </ReportResult>
  );
}

/** /report/summary: one row per device over the period, or per device and day. */
export function SummaryReport() {
  const { t } = useTranslation('reports');
  const state = useReportState(REPORT_PAGES.summary);
  const daily = state.params.get('daily') === 'true';
  return (
    <ReportView
      id="summary"
      state={state}
      extraControls={
        <Switch
          label={t('daily')}
          checked={daily}
          onChange={(event) => state.setExtra('daily', event.currentTarget.checked ? ['true'] : [])}
        />
      }
    >
      {(query) => <SummaryQuery query={query} daily={daily} />}
    </ReportView>
  );
}
