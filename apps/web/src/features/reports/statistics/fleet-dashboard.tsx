import { BarChart, DonutChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { FleetDashboard, FleetNow, FleetTopDevice } from '@waymark/contracts/fleet-dashboard';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/state-views';
import { convertDistance, DISTANCE_LABEL } from '../../../lib/format/units';
import { StatTiles } from '../../admin/shared/stat-tiles';
import { useReportFormat } from '../use-report-format';
import { useFleetDashboardQuery } from './statistics.queries';

/** What the fleet does now, in the order and colours of the tiles and the ring. */
const NOW_KEYS = ['moving', 'idle', 'parked', 'offline'] as const satisfies readonly (keyof FleetNow)[];
const NOW_COLORS: Record<keyof FleetNow, string> = {
  moving: 'green.6',
  idle: 'orange.6',
  parked: 'blue.6',
  offline: 'gray.5',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Periods({ d }: { d: FleetDashboard }) {
  const { t } = useTranslation('reports');
  const f = useReportFormat();
  const rows: [string, (p: FleetDashboard['today']) => string][] = [
    [t('statistics.distance'), (p) => f.distance(p.distance)],
    [t('statistics.spentFuel'), (p) => f.volume(p.spentFuel)],
    [t('statistics.overspeeds'), (p) => String(p.overspeeds)],
  ];
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th ta="right">{t('periods.today')}</Table.Th>
          <Table.Th ta="right">{t('periods.thisWeek')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right">{value(d.today)}</Table.Td>
            <Table.Td ta="right">{value(d.week)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TopDevices({ rows }: { rows: FleetTopDevice[] }) {
  const { t } = useTranslation('reports');
  const f = useReportFormat();
  const unit = f.units.distance;
  if (rows.length === 0) return <Text c="dimmed">{t('statistics.noDistance')}</Text>;
  return (
    <BarChart
      h={Math.max(160, rows.length * 36)}
      orientation="vertical"
      data={rows.map((r) => ({ name: r.name, distance: Math.round(convertDistance(r.distance, unit) * 10) / 10 }))}
      dataKey="name"
      series={[{ name: 'distance', label: `${t('statistics.distance')} (${DISTANCE_LABEL[unit]})`, color: 'blue.6' }]}
      yAxisProps={{ width: 120 }}
      withTooltip
      aria-label={t('statistics.topDevices')}
    />
  );
}

/** The fleet dashboard: moving / idle / parked / offline now, today's and this week's figures, the week's top. */
export function FleetDashboardView() {
  const { t } = useTranslation('reports');
  const query = useFleetDashboardQuery(true);
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return <ErrorState error={query.error} title={t('loadFailed')} onRetry={() => void query.refetch()} />;
  const d = query.data;
  return (
    <Stack gap="md" data-testid="fleet-dashboard">
      <StatTiles
        cols={{ base: 2, sm: 4, lg: 4 }}
        tiles={NOW_KEYS.map((key) => ({
          key,
          label: t(`statistics.now.${key}`),
          value: d.now[key],
          color: NOW_COLORS[key].split('.')[0],
        }))}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('statistics.fleetNow', { count: d.devices })}>
          <Group justify="center">
            <DonutChart
              data={NOW_KEYS.map((key) => ({
                name: t(`statistics.now.${key}`),
                value: d.now[key],
                color: NOW_COLORS[key],
              }))}
              withLabelsLine={false}
              withTooltip
              chartLabel={d.devices}
              aria-label={t('statistics.fleetNow', { count: d.devices })}
            />
          </Group>
        </Section>
        <Section title={t('statistics.periods', { zone: d.timeZone })}>
          <Periods d={d} />
        </Section>
      </SimpleGrid>
      <Section title={t('statistics.topDevices')}>
        <TopDevices rows={d.topDevices} />
      </Section>
    </Stack>
  );
}
