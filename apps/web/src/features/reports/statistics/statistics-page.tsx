import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/use-page-title';
import { RequirePermission } from '../../permissions/require-permission';
import { FleetDashboardView } from './fleet-dashboard';
import { ServerStatistics } from './server-statistics';

/**
 * /report/statistics: the fleet dashboard for users of the summary reports, and the server's daily statistics
 * for platform administrators (ADMIN_ACCOUNT).
 */
export function StatisticsPage() {
  const { t } = useTranslation('reports');
  usePageTitle(t('pages.statistics.title'));
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('pages.statistics.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('pages.statistics.subtitle')}
        </Text>
      </div>
      <RequirePermission flags={['VIEW_SUMMARY_REPORTS']}>
        <FleetDashboardView />
      </RequirePermission>
      <RequirePermission flags={['ADMIN_ACCOUNT']}>
        <ServerStatistics />
      </RequirePermission>
    </Stack>
  );
}
