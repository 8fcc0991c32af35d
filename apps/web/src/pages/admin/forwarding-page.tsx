import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { ForwardingList } from '../../features/admin/forwarding/components/forwarding-list';

/** /admin/forwarding (ADMIN_ACCOUNT or VIEW_TENANT, as the API). */
export function ForwardingPage() {
  const { t } = useTranslation('adminForwarding');
  usePageTitle(t('title'));
  return <ForwardingList />;
}
