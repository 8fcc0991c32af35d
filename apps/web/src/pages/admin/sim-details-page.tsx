import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title';
import { SimDetails } from '../../features/admin/catalogue/components/sim-details';

/** /admin/sims/:id and /admin/sims/:id/details: one SIM card. */
export function SimDetailsPage() {
  const { t } = useTranslation('adminCatalogue');
  usePageTitle(t('sims.details'));
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/admin/sims" replace />;
  return <SimDetails id={id} />;
}
