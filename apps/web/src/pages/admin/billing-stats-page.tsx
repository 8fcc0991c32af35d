import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { BillingStatsView } from '../../features/admin/billing/components/billing-stats-view';

export function BillingStatsPage() {
  const { t } = useTranslation('adminBilling');
  usePageTitle(t('stats.title'));
  return (
    <Stack gap="md">
      <BillingStatsView />
    </Stack>
  );
}
