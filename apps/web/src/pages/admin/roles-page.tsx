import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title';
import { RoleEditor } from '../../features/admin/accounts/components/role-editor';
import { RolesList } from '../../features/admin/accounts/components/roles-list';

/** /admin/roles (VIEW_ROLES). */
export function RolesPage() {
  const { t } = useTranslation('adminAccounts');
  usePageTitle(t('roles.title'));
  return <RolesList />;
}

/** /admin/roles/create (CREATE_ROLE) and /admin/roles/edit/:id (EDIT_ROLE). */
export function RoleEditPage() {
  const { t } = useTranslation('adminAccounts');
  const { id } = useParams();
  const roleId = id ? Number(id) : undefined;
  usePageTitle(roleId ? t('roles.edit') : t('roles.create'));
  // a new key per role: the form starts from that role's values
  return <RoleEditor key={id ?? 'new'} id={roleId} />;
}
