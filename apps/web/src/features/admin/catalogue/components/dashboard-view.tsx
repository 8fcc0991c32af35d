import { BarChart } from '@mantine/charts';
import { Alert, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { CONNECTION_STATUSES, type Dashboard, STOCK_STATUSES } from '@waymark/contracts/dashboard';
import { SIM_STATUSES } from '@waymark/contracts/sim';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatTiles } from '../../shared/stat-tiles';
import { useDashboardQuery } from '../catalogue.queries';
import { SIM_STATUS_COLORS } from './sim-status-badge';

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

const money = (cents: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

function Figures({ d }: { d: Dashboard }) {
  const { t, i18n } = useTranslation('adminCatalogue');
  const overdue = d.overdueInvoices.amounts.map((a) => money(a.amountCents, a.currency, i18n.language)).join(' · ');
  return (
    <Stack gap="md">
      <StatTiles
        cols={{ base: 2, sm: 3, lg: 6 }}
        tiles={[
          { key: 'active', label: t('dashboard.activeTenants'), value: d.tenants.active, color: 'green' },
          { key: 'inactive', label: t('dashboard.inactiveTenants'), value: d.tenants.inactive },
          { key: 'users', label: t('dashboard.users'), value: d.users },
          { key: 'devices', label: t('dashboard.devices'), value: d.devices.total },
          { key: 'expiring', label: t('dashboard.expiring'), value: d.expiringSubscriptions.length, color: 'orange' },
          { key: 'overdue', label: t('dashboard.overdue'), value: d.overdueInvoices.count, color: 'red' },
        ]}
      />
      {overdue ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.overdueAmount', { amount: overdue })}
        </Text>
      ) : null}
      <Section title={t('dashboard.positionsPerDay')}>
        <BarChart
          h={240}
          data={d.positionsPerDay.map((p) => ({ day: p.day.slice(5), count: p.count }))}
          dataKey="day"
          series={[{ name: 'count', label: t('dashboard.positions'), color: 'blue.6' }]}
          tickLine="y"
          withTooltip
        />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Section title={t('dashboard.stock')}>
          <StatList rows={STOCK_STATUSES.map((s) => [t(`stockStatus.${s}`), d.devices.byStock[s]])} />
        </Section>
        <Section title={t('dashboard.connection')}>
          <StatList rows={CONNECTION_STATUSES.map((s) => [t(`connection.${s}`), d.devices.byConnection[s]])} />
        </Section>
        <Section title={t('dashboard.sims')}>
          <StatList
            rows={SIM_STATUSES.map((s) => [t(`simStatus.${s}`), d.sims[s]])}
            colors={SIM_STATUSES.map((s) => SIM_STATUS_COLORS[s])}
          />
        </Section>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('dashboard.topTenants')}>
          {d.topTenants.length ? (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboard.tenant')}</Table.Th>
                  <Table.Th ta="right">{t('dashboard.devices')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.topTenants.map((row) => (
                  <Table.Tr key={row.tenantId}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td ta="right">{row.devices}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text c="dimmed">{t('dashboard.noTenants')}</Text>
          )}
        </Section>
        <Section title={t('dashboard.expiringList')}>
          {d.expiringSubscriptions.length ? (
            <Table striped>
              <Table.Tbody>
                {d.expiringSubscriptions.map((row) => (
                  <Table.Tr key={row.tenantId}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td ta="right">{row.expiresAt.slice(0, 10)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text c="dimmed">{t('dashboard.noneExpiring')}</Text>
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

function StatList({ rows, colors }: { rows: [string, number][]; colors?: string[] }) {
  return (
    <Stack gap={4}>
      {rows.map(([label, value], i) => (
        <Text key={label} size="sm" style={{ display: 'flex', justifyContent: 'space-between' }}>
          <span>{label}</span>
          <Text span fw={700} c={colors?.[i]}>
            {value}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/** The admin dashboard: counts within the caller's tenants, positions per day, the largest tenants. */
export function DashboardView() {
  const { t } = useTranslation('adminCatalogue');
  const query = useDashboardQuery();
  if (query.isPending) return <Loader aria-label={t('loading')} />;
  if (query.isError) return <Alert color="error">{t('dashboard.loadFailed')}</Alert>;
  return <Figures d={query.data} />;
}
