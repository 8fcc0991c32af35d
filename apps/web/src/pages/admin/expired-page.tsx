import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { ExpiredView } from '../../features/admin/billing/components/expired-view';

export function ExpiredPage() {
  const { t } = useTranslation('adminBilling');
  usePageTitle(t('expired.title'));
  return (
    <Stack gap="md">
      <ExpiredView />
    </Stack>
  );
}
