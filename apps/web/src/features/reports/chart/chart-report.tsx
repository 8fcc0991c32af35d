import { LineChart } from '@mantine/charts';
import { MultiSelect, Paper, Text } from '@mantine/core';
import { type Position, positionSchema } from '@waymark/contracts/device';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Brush } from 'recharts';
import { useDevicesQuery } from '../../devices/devices.queries';
import { ReportResult, ReportView } from '../components/report-view';
import { chosenChartKeys } from '../report-extra';
import { REPORT_PAGES } from '../report-pages';
import { useReportQuery } from '../reports.queries';
import { useReportFormat } from '../use-report-format';
import { type ReportState, useReportState } from '../use-report-state';
import { chartRows, numericKeys, unitOf } from './chart-series';

const COLORS = [
  'blue.6',
  'orange.6',
  'teal.6',
  'grape.6',
  'red.6',
  'lime.7',
  'cyan.6',
  'pink.6',
  'indigo.6',
  'yellow.7',
];

/** A key's name in the user's language (known ones), with its unit. */
function useKeyLabel() {
  const { t, i18n } = useTranslation('reports');
  const { units } = useReportFormat();
  return (key: string) => {
    const name = i18n.exists(`reports:chartKeys.${key}`) ? t(`chartKeys.${key}` as 'chartKeys.speed') : key;
    const unit = unitOf(key, units);
    return unit ? `${name} (${unit})` : name;
  };
}

function ChartResult({ rows, state }: { rows: Position[]; state: ReportState }) {
  const { t, i18n } = useTranslation('reports');
  const { units } = useReportFormat();
  const label = useKeyLabel();
  const devices = useDevicesQuery();
  const names = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d.name])), [devices.data]);
  const keyList = chosenChartKeys(state.params).join('|');
  const keys = useMemo(() => keyList.split('|'), [keyList]);
  const available = useMemo(() => numericKeys(rows), [rows]);
  const chart = useMemo(() => chartRows(rows, keys, units), [rows, keys, units]);
  const severalDevices = new Set(chart.series.map((s) => s.deviceId)).size > 1;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  // the tooltip asks for a label before a point is under the pointer: no time, no text
  const formatTick = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? time.format(new Date(value)) : '';
  return (
    <Paper withBorder radius="md" p="md">
      <MultiSelect
        label={t('series')}
        data={[...new Set([...available, ...keys])].map((key) => ({ value: key, label: label(key) }))}
        value={keys}
        onChange={(next) => state.setExtra('key', next)}
        searchable
        mb="md"
        maw={640}
      />
      <Text size="xs" c="dimmed" mb="xs">
        {t('zoomHint')}
      </Text>
      <LineChart
        h={420}
        data={chart.rows}
        dataKey="time"
        aria-label={t('pages.chart.title')}
        data-testid="report-chart"
        series={chart.series.map((s, index) => ({
          name: s.name,
          color: COLORS[index % COLORS.length] as string,
          label: severalDevices ? `${label(s.key)} · ${names.get(s.deviceId) ?? `#${s.deviceId}`}` : label(s.key),
        }))}
        xAxisProps={{ type: 'number', scale: 'time', domain: ['dataMin', 'dataMax'], tickFormatter: formatTick }}
        tooltipProps={{ labelFormatter: formatTick }}
        withLegend
        withDots={false}
        connectNulls
        curveType="linear"
      >
        <Brush dataKey="time" height={28} tickFormatter={formatTick} travellerWidth={10} />
      </LineChart>
    </Paper>
  );
}

function ChartQuery({ query, state }: { query: URLSearchParams; state: ReportState }) {
  // the chart draws the route's positions; the series are chosen here, so they do not ask the server again
  const routeQuery = useMemo(() => {
    const next = new URLSearchParams(query);
    next.delete('key');
    return next;
  }, [query]);
  const report = useReportQuery('route', routeQuery, positionSchema);
  return <ReportResult query={report}>{(rows) => <ChartResult rows={rows} state={state} />}</ReportResult>;
}

/** /report/chart: any numeric field or attribute of the positions over time, several series, zoomable. */
export function ChartReport() {
  const state = useReportState(REPORT_PAGES.chart);
  // the downloads (GET /api/reports/chart/<format>) carry the chosen series as repeated `key`
  return (
    <ReportView id="chart" state={state}>
      {(query) => <ChartQuery query={query} state={state} />}
    </ReportView>
  );
}
