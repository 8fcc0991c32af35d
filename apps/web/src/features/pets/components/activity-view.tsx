import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PetActivityReport } from '@waymark/contracts/pet';
import { useTranslation } from 'react-i18next';
import { shortDay } from '../pet-format';
import { Count, Minutes, PetStat, TrendBadge } from './pet-stat';

/** Steps and active minutes against the pet's goals, per day (per hour for one day), with the weekly trends. */
export function ActivityView({ report }: { report: PetActivityReport }) {
  const { t } = useTranslation('pets');
  const { totals, trends } = report;
  const days = Math.max(1, totals.daysWithData);
  if (totals.daysWithData === 0) return <Text c="dimmed">{t('noData')}</Text>;
  const byDay = report.days.map((d) => ({ day: shortDay(d.date), active: d.activeMinutes, steps: d.steps }));
  return (
    <Stack gap="md" data-testid="pet-activity">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <PetStat
          label={t('activity.activeMinutes')}
          value={<Minutes value={totals.activeMinutes / days} />}
          hint={`${t('activity.dailyAverage')} · ${t('activity.goal')} ${report.activeMinutesGoal} min`}
        />
        <PetStat
          label={t('activity.steps')}
          value={<Count value={Math.round(totals.steps / days)} />}
          hint={
            <>
              {t('activity.dailyAverage')} · {t('activity.goal')} <Count value={report.stepsGoal} />
            </>
          }
        />
        <PetStat
          label={t('activity.goalDays')}
          value={t('activity.goalDaysValue', { met: totals.activeGoalDays, days: totals.daysWithData })}
          hint={t('activity.activeMinutes')}
        />
        <PetStat
          label={t('activity.trendActive')}
          value={<Minutes value={trends.activeMinutes.current} />}
          hint={<TrendBadge trend={trends.activeMinutes} higherIsBetter />}
        />
      </SimpleGrid>
      {report.view === 'day' ? (
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            {t('activity.perHour')}
          </Title>
          <BarChart
            h={220}
            data={report.hours.map((h) => ({ hour: `${h.hour}h`, active: h.activeMinutes, sleep: h.sleepMinutes }))}
            dataKey="hour"
            series={[
              { name: 'active', label: t('activity.activeMinutes'), color: 'teal.6' },
              { name: 'sleep', label: t('wellness.metrics.sleep'), color: 'indigo.4' },
            ]}
            withLegend
          />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="sm">
              {t('activity.perDay')}
            </Title>
            <BarChart
              h={220}
              data={byDay}
              dataKey="day"
              series={[{ name: 'active', label: t('activity.activeMinutes'), color: 'teal.6' }]}
              referenceLines={[{ y: report.activeMinutesGoal, label: t('activity.goal'), color: 'orange.6' }]}
            />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="sm">
              {t('activity.stepsPerDay')}
            </Title>
            <BarChart
              h={220}
              data={byDay}
              dataKey="day"
              series={[{ name: 'steps', label: t('activity.steps'), color: 'blue.6' }]}
              referenceLines={[{ y: report.stepsGoal, label: t('activity.goal'), color: 'orange.6' }]}
            />
            <Text size="sm" c="dimmed" mt="xs" component="div">
              {t('activity.trendSteps')}: <TrendBadge trend={trends.steps} higherIsBetter />
            </Text>
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}
