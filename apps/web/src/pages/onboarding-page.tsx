import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../components/state-views';
import { usePageTitle } from '../components/use-page-title';
import { OnboardingWizard } from '../features/devices/components/onboarding-wizard';
import { useOnboardingQuery } from '../features/devices/onboarding.api';

/** /onboarding: the first-run path that adds a first device and shows it arriving. */
export function OnboardingPage() {
  const { t } = useTranslation('devices');
  usePageTitle(t('onboarding.title'));
  const settings = useOnboardingQuery();
  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  return <OnboardingWizard settings={settings.data} />;
}
