import { BarChart } from '@mantine/charts';
import { Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PetSleepReport } from '@waymark/contracts/pet';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format/time';
import { shortDay } from '../pet-format';
import { Minutes, PetStat, TrendBadge } from './pet-stat';

/** Night sleep, naps and rest per day, the latest sleep stretches, and the weekly trend. */
export function SleepView({ report }: { report: PetSleepReport }) {
  const { t, i18n } = useTranslation('pets');
  if (!report.days.some((d) => d.samples > 0)) return <Text c="dimmed">{t('noData')}</Text>;
  const latest = report.bouts.slice(-10).reverse();
  return (
    <Stack gap="md" data-testid="pet-sleep">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <PetStat label={t('sleep.night')} value={<Minutes value={report.averages.nightMinutes} />} />
        <PetStat label={t('sleep.naps')} value={<Minutes value={report.averages.dayMinutes} />} />
        <PetStat label={t('sleep.rest')} value={<Minutes value={report.averages.restMinutes} />} />
        <PetStat
          label={t('sleep.trendSleep')}
          value={<Minutes value={report.trends.sleep.current} />}
          hint={<TrendBadge trend={report.trends.sleep} higherIsBetter={null} />}
        />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          {t('sleep.perDay')}
        </Title>
        <BarChart
          h={240}
          type="stacked"
          data={report.days.map((d) => ({
            day: shortDay(d.date),
            night: d.sleepNightMinutes,
            naps: d.sleepDayMinutes,
            rest: d.restMinutes,
          }))}
          dataKey="day"
          series={[
            { name: 'night', label: t('sleep.night'), color: 'indigo.6' },
            { name: 'naps', label: t('sleep.naps'), color: 'violet.4' },
            { name: 'rest', label: t('sleep.rest'), color: 'gray.4' },
          ]}
          withLegend
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          {t('sleep.bouts')}
        </Title>
        {latest.length === 0 ? (
          <Text c="dimmed">{t('sleep.noBouts')}</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sleep.start')}</Table.Th>
                <Table.Th>{t('sleep.end')}</Table.Th>
                <Table.Th>{t('sleep.length')}</Table.Th>
                <Table.Th>{t('sleep.kind')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {latest.map((b) => (
                <Table.Tr key={b.start}>
                  <Table.Td>{formatTime(b.start, i18n.language)}</Table.Td>
                  <Table.Td>{formatTime(b.end, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Minutes value={b.minutes} />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={b.night ? 'indigo' : 'violet'}>
                      {b.night ? t('sleep.nightBout') : t('sleep.dayBout')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
