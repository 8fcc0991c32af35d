import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { GroupsManager } from '../features/groups/components/groups-manager';

/** /groups (VIEW_GROUPS). */
export function GroupsPage() {
  const { t } = useTranslation('groups');
  usePageTitle(t('title'));
  return <GroupsManager />;
}
