import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { useCurrentUser } from '../features/auth/session-context';
import { AccountSummary } from '../features/home/components/account-summary';
import { DashboardHeader } from '../features/home/components/dashboard-header';

/** /home: the signed-in start page. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('nav.home'));
  return (
    <Stack gap="xl">
      <DashboardHeader user={user} />
      <AccountSummary user={user} />
    </Stack>
  );
}
