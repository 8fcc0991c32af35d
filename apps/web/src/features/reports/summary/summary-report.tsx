import { type ReportSummary, reportSummarySchema } from '@waymark/contracts/report';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format/time';
import { deviceColumn, measureColumn, speedColumns } from '../components/report-columns';
import { ReportSwitch } from '../components/report-switch';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { ReportQueryResult, ReportView } from '../components/report-view';
import { REPORT_PAGES } from '../report-pages';
import { type ReportFormatters, useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

function summaryColumns(
  t: TFunction<'reports'>,
  f: ReportFormatters,
  rows: readonly ReportSummary[],
  daily: boolean,
  language: string,
) {
  const columns: ReportColumn<ReportSummary>[] = [
    deviceColumn(t),
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
    measureColumn('distance', t('col.distance'), (r) => r.distance, f.distance, rows),
    measureColumn('startOdometer', t('col.startOdometer'), (r) => r.startOdometer, f.distance),
    measureColumn('endOdometer', t('col.endOdometer'), (r) => r.endOdometer, f.distance),
    ...speedColumns(t, f),
    measureColumn('moving', t('col.movingTime'), (r) => r.movingTime, f.duration, rows),
    measureColumn('engineHours', t('col.engineHours'), (r) => r.engineHours, f.duration, rows),
    measureColumn('idle', t('col.idleTime'), (r) => r.idleTime, f.duration, rows),
    measureColumn('fuel', t('col.spentFuel'), (r) => r.spentFuel, f.volume, rows),
    measureColumn('refuelled', t('col.refuelled'), (r) => r.refuelled, f.volume, rows),
    measureColumn('thefts', t('col.thefts'), (r) => r.fuelThefts, f.volume, rows),
  ];
  return columns;
}

function SummaryResult({ rows, daily }: { rows: ReportSummary[]; daily: boolean }) {
  const { t, i18n } = useTranslation('reports');
  const f = useReportFormat();
  const columns = useMemo(() => summaryColumns(t, f, rows, daily, i18n.language), [t, f, rows, daily, i18n.language]);
  return (
    <ReportTable
      label={t('pages.summary.title')}
      rows={rows}
      columns={columns}
      rowKey={(r, index) => `${r.deviceId}-${r.startTime ?? index}`}
    />
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
      extraControls={<ReportSwitch state={state} name="daily" label={t('daily')} />}
    >
      {(query) => (
        <ReportQueryResult type="summary" query={query} schema={reportSummarySchema}>
          {(rows) => <SummaryResult rows={rows} daily={daily} />}
        </ReportQueryResult>
      )}
    </ReportView>
  );
}
