import { LineChart } from '@mantine/charts';
import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { Statistics } from '@waymark/contracts/report';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/state-views';
import { type Period, periodRange } from '../../../lib/period';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { sumOf } from '../use-report-format';
import { useServerStatisticsQuery } from './statistics.queries';

/** The presets the server statistics offer (whole days: a row per UTC day). */
const STATISTICS_PERIODS = ['today', 'yesterday', 'thisWeek', 'previousWeek', 'thisMonth', 'previousMonth'] as const;
type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number] & Period;

type Counter = Exclude<keyof Statistics, 'captureTime'>;
const COUNTERS: readonly Counter[] = [
  'activeUsers',
  'activeDevices',
  'requests',
  'messagesReceived',
  'messagesStored',
  'mailSent',
  'smsSent',
  'geocoderRequests',
  'geolocationRequests',
];
/** Counters that add up over days (distinct users and devices do not). */
const ADDITIVE = new Set<Counter>(COUNTERS.filter((c) => c !== 'activeUsers' && c !== 'activeDevices'));
const CHARTED: readonly { key: Counter; color: string }[] = [
  { key: 'requests', color: 'blue.6' },
  { key: 'messagesReceived', color: 'teal.6' },
  { key: 'messagesStored', color: 'grape.6' },
];

function StatisticsResult({ rows }: { rows: Statistics[] }) {
  const { t, i18n } = useTranslation('reports');
  const day = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }),
    [i18n.language],
  );
  const columns = useMemo<ReportColumn<Statistics>[]>(
    () => [
      {
        id: 'day',
        label: t('statistics.col.day'),
        sortValue: (r) => r.captureTime,
        render: (r) => day.format(new Date(r.captureTime)),
      },
      ...COUNTERS.map((key) => ({
        id: key,
        label: t(`statistics.col.${key}`),
        sortValue: (r: Statistics) => r[key],
        total: ADDITIVE.has(key) ? sumOf(rows, (r) => r[key]) : '',
      })),
    ],
    [t, day, rows],
  );
  return (
    <Stack gap="md">
      <LineChart
        h={240}
        data={rows.map((r) => ({ day: day.format(new Date(r.captureTime)), ...r }))}
        dataKey="day"
        series={CHARTED.map(({ key, color }) => ({ name: key, label: t(`statistics.col.${key}`), color }))}
        withLegend
        withTooltip
        curveType="linear"
      />
      <ReportTable label={t('statistics.server')} rows={rows} columns={columns} rowKey={(r) => r.captureTime} />
    </Stack>
  );
}

/** The server's daily counters (platform administrators): requests, messages, mails, SMS, active users and devices. */
export function ServerStatistics() {
  const { t } = useTranslation('reports');
  const [period, setPeriod] = useState<StatisticsPeriod>('thisWeek');
  const range = useMemo(() => {
    const { from, to } = periodRange(period, new Date());
    return { from: from.toISOString(), to: to.toISOString() };
  }, [period]);
  const query = useServerStatisticsQuery(range);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <div>
          <Title order={3}>{t('statistics.server')}</Title>
          <Text size="sm" c="dimmed">
            {t('statistics.serverHint')}
          </Text>
        </div>
        <Select
          label={t('period')}
          data={STATISTICS_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
          value={period}
          onChange={(value) => value && setPeriod(value as StatisticsPeriod)}
          allowDeselect={false}
          maw={260}
        />
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState error={query.error} title={t('loadFailed')} onRetry={() => void query.refetch()} />
        ) : (
          <StatisticsResult rows={query.data} />
        )}
      </Stack>
    </Paper>
  );
}
