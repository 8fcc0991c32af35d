import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/use-page-title';
import { SettingsTabs } from '../features/settings/components/settings-tabs';

/** /settings/:tab — account, preferences, users, server. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { tab } = useParams();
  usePageTitle(t('title'));
  return <SettingsTabs tab={tab} />;
}
