import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { BillingNotificationsList } from '../../features/admin/billing/components/billing-notifications-list';

export function BillingNotificationsPage() {
  const { t } = useTranslation('adminBilling');
  usePageTitle(t('notifications.title'));
  return (
    <Stack gap="md">
      <BillingNotificationsList />
    </Stack>
  );
}
