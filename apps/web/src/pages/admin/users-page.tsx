import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title';
import { UserDetailsView } from '../../features/admin/accounts/components/user-details-view';
import { UsersList } from '../../features/admin/accounts/components/users-list';

/** /admin/users (VIEW_USERS). */
export function UsersPage() {
  const { t } = useTranslation('adminAccounts');
  usePageTitle(t('users.title'));
  return <UsersList />;
}

/** /admin/users/:id and /admin/users/:id/details (VIEW_USER_DETAILS). */
export function UserDetailsPage() {
  const { t } = useTranslation('adminAccounts');
  const id = Number(useParams().id);
  usePageTitle(t('details.title'));
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/admin/users" replace />;
  return <UserDetailsView key={id} id={id} />;
}
