import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { SubscriptionView } from '../features/settings/components/subscription-view';

/** /user/subscription: the signed-in account's plan. */
export function SubscriptionPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('subscription.title'));
  return <SubscriptionView />;
}
