import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { SubscriptionCreate } from '../../features/admin/billing/components/subscription-create';

export function SubscriptionCreatePage() {
  const { t } = useTranslation('adminBilling');
  usePageTitle(t('subscriptions.createTitle'));
  return (
    <Stack gap="md">
      <SubscriptionCreate />
    </Stack>
  );
}
