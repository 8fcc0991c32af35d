import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { SubscriptionsList } from '../../features/admin/billing/components/subscriptions-list';

export function SubscriptionsPage() {
  const { t } = useTranslation('adminBilling');
  usePageTitle(t('subscriptions.title'));
  return (
    <Stack gap="md">
      <SubscriptionsList />
    </Stack>
  );
}
