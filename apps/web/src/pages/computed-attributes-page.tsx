import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { ComputedAttributesList } from '../features/computed-attributes/components/computed-attributes-list';

/** /attributes/computed (ADMIN_ACCOUNT or VIEW_DEVICE_DETAILS, as the API). */
export function ComputedAttributesPage() {
  const { t } = useTranslation('computedAttributes');
  usePageTitle(t('title'));
  return <ComputedAttributesList />;
}
