import '../i18n/admin-resources';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RequirePermission } from '../features/permissions/require-permission';
import { adminNavSections } from './admin-nav-items';
import { AppNavbar } from './app-navbar';
import { SignedInShell } from './signed-in-shell';

/**
 * The admin area's layout: the signed-in shell with an "Administration" badge and the admin navigation. Only
 * holders of ADMIN_ACCOUNT or VIEW_TENANT see anything; every page below carries its own flag as well, and the
 * API checks the same flags. /admin opens the tenants page.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pathname === '/admin' || pathname === '/admin/') return <Navigate to="/admin/tenants" replace />;
  return (
    <RequirePermission flags={['ADMIN_ACCOUNT', 'VIEW_TENANT']}>
      <SignedInShell
        badge={
          <Badge variant="light" visibleFrom="xs">
            {t('nav.admin')}
          </Badge>
        }
        navigation={(close) => <AppNavbar onNavigate={close} sections={adminNavSections} label="nav.adminLabel" />}
      >
        <Outlet />
      </SignedInShell>
    </RequirePermission>
  );
}
