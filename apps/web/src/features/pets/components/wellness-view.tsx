import { LineChart } from '@mantine/charts';
import { Alert, Group, Paper, RingProgress, Stack, Table, Text, Title } from '@mantine/core';
import type { PetWellnessReport } from '@waymark/contracts/pet';
import { useTranslation } from 'react-i18next';
import { shortDay } from '../pet-format';
import { Count } from './pet-stat';

const STATUS_COLOR = { good: 'teal', watch: 'orange', concern: 'red' } as const;

/** The wellness score with its parts, or how many days of data it still waits for. */
export function WellnessView({ report }: { report: PetWellnessReport }) {
  const { t } = useTranslation('pets');
  if (!report.available || report.score === null || report.status === null) {
    return (
      <Alert color="blue" variant="light" data-testid="pet-wellness-waiting">
        {t('wellness.waiting', { required: report.requiredDays, days: report.daysOfData })}
      </Alert>
    );
  }
  const color = STATUS_COLOR[report.status];
  return (
    <Stack gap="md" data-testid="pet-wellness">
      <Paper withBorder p="md" radius="md">
        <Group align="center" gap="xl" wrap="wrap">
          <RingProgress
            size={140}
            thickness={14}
            roundCaps
            sections={[{ value: report.score, color }]}
            label={
              <Text ta="center" fz={30} fw={700} aria-label={t('wellness.score')}>
                {report.score}
              </Text>
            }
          />
          <Stack gap={4}>
            <Title order={3}>{t('wellness.score')}</Title>
            <Text fw={600} c={color}>
              {t(`wellness.status.${report.status}`)}
            </Text>
            <Text size="sm" c="dimmed">
              {report.baselineDays > 0
                ? t('wellness.explain', { baseline: report.baselineDays })
                : t('wellness.ownBaseline')}
            </Text>
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('wellness.metric')}</Table.Th>
              <Table.Th>{t('wellness.recent')}</Table.Th>
              <Table.Th>{t('wellness.baseline')}</Table.Th>
              <Table.Th>{t('wellness.change')}</Table.Th>
              <Table.Th>{t('wellness.points')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.components.map((c) => (
              <Table.Tr key={c.metric}>
                <Table.Td>{t(`wellness.metrics.${c.metric}`)}</Table.Td>
                <Table.Td>
                  <Count value={c.recent} />
                </Table.Td>
                <Table.Td>
                  <Count value={c.baseline} />
                </Table.Td>
                <Table.Td>{`${c.changePercent > 0 ? '+' : ''}${c.changePercent} %`}</Table.Td>
                <Table.Td>{c.score}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <LineChart
          h={200}
          data={report.days
            .filter((d) => d.samples > 0)
            .map((d) => ({
              day: shortDay(d.date),
              active: d.activeMinutes,
              sleep: d.sleepNightMinutes + d.sleepDayMinutes,
            }))}
          dataKey="day"
          series={[
            { name: 'active', label: t('wellness.metrics.activeMinutes'), color: 'teal.6' },
            { name: 'sleep', label: t('wellness.metrics.sleep'), color: 'indigo.6' },
          ]}
          withLegend
        />
      </Paper>
    </Stack>
  );
}
