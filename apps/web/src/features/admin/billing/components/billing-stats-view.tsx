import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Loader, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { StatTiles } from '../../shared/stat-tiles';
import { useBillingStatsQuery } from '../billing.queries';
import { formatMoney } from './format';

const PERIODS = ['6', '12', '24'] as const;

/** Revenue by month (invoiced and paid, per currency), churn by month, today's active devices and tenants. */
export function BillingStatsView() {
  const { t, i18n } = useTranslation('adminBilling');
  const lang = i18n.language;
  const [months, setMonths] = useState<string>('12');
  const query = useBillingStatsQuery(Number(months));
  const currencies = query.data?.currencies ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const currency = picked && currencies.includes(picked) ? picked : (currencies[0] ?? 'EUR');
  const rows = query.data?.months ?? [];
  const revenue = rows.map((m) => ({
    month: m.month,
    invoiced: (m.revenue[currency] ?? 0) / 100,
    paid: (m.paid[currency] ?? 0) / 100,
  }));
  const total = rows.reduce((sum, m) => sum + (m.revenue[currency] ?? 0), 0);
  const money = (value: number) => formatMoney(Math.round(value * 100), currency, lang);

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('stats.title')}
        description={t('stats.description')}
        actions={
          <SegmentedControl
            aria-label={t('stats.period')}
            value={months}
            onChange={setMonths}
            data={PERIODS.map((value) => ({ value, label: t('stats.months', { count: Number(value) }) }))}
          />
        }
      />
      <StatTiles
        cols={{ base: 1, sm: 3 }}
        tiles={[
          { key: 'devices', label: t('stats.activeDevices'), value: query.data?.activeDevices },
          { key: 'tenants', label: t('stats.activeTenants'), value: query.data?.activeTenants },
          {
            key: 'revenue',
            label: t('stats.revenueTotal', { currency }),
            value: query.data ? formatMoney(total, currency, lang) : undefined,
          },
        ]}
      />
      {query.isPending ? <Loader aria-label={t('stats.title')} /> : null}
      {query.isError ? <Alert color="error">{t('stats.loadFailed')}</Alert> : null}
      {query.data ? (
        <>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={4}>{t('stats.revenue', { currency })}</Title>
              {currencies.length > 1 ? (
                <Select
                  aria-label={t('stats.revenue', { currency })}
                  data={currencies}
                  value={currency}
                  onChange={setPicked}
                  allowDeselect={false}
                  w={120}
                />
              ) : null}
              {total === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('stats.noRevenue')}
                </Text>
              ) : null}
              <BarChart
                h={260}
                data={revenue}
                dataKey="month"
                valueFormatter={money}
                withLegend
                series={[
                  { name: 'invoiced', label: t('stats.invoiced'), color: 'primary.6' },
                  { name: 'paid', label: t('stats.paid'), color: 'success.6' },
                ]}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={4}>{t('stats.churn')}</Title>
              <LineChart
                h={220}
                data={rows.map((m) => ({ month: m.month, churn: m.churn }))}
                dataKey="month"
                series={[{ name: 'churn', label: t('stats.churnSeries'), color: 'error.6' }]}
                curveType="linear"
              />
            </Stack>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
