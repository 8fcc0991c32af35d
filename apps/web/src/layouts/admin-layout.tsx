import '../i18n/admin-resources';
import { AppShell, Badge, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Brand } from '../components/brand';
import { PageLoader } from '../components/page-loader';
import { ImpersonationBanner } from '../features/admin/accounts/components/impersonation-banner';
import { UserMenu } from '../features/auth/components/user-menu';
import { RequirePermission } from '../features/permissions/require-permission';
import { PreferencesSync } from '../features/settings/components/preferences-sync';
import { adminNavSections } from './admin-nav-items';
import { AppNavbar } from './app-navbar';
import { HeaderActions } from './header-actions';

/**
 * The admin area's layout: the same header as the user area with an "Administration" badge, the admin
 * navigation, and the page. Only holders of ADMIN_ACCOUNT or VIEW_TENANT see anything; every page below carries
 * its own flag as well, and the API checks the same flags.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [mobileOpen, { toggle, close }] = useDisclosure(false);
  const [desktopCollapsed, { toggle: toggleDesktop }] = useDisclosure(false);
  if (pathname === '/admin' || pathname === '/admin/') return <Navigate to="/admin/tenants" replace />;
  return (
    <RequirePermission flags={['ADMIN_ACCOUNT', 'VIEW_TENANT']}>
      <AppShell
        header={{ height: 70 }}
        navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !mobileOpen, desktop: desktopCollapsed } }}
        padding="lg"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={mobileOpen}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('header.toggleNavigation')}
              />
              <Burger
                opened={!desktopCollapsed}
                onClick={toggleDesktop}
                visibleFrom="sm"
                size="sm"
                aria-label={t('header.toggleNavigation')}
              />
              <Brand />
              <Badge variant="light" visibleFrom="xs">
                {t('nav.admin')}
              </Badge>
            </Group>
            <HeaderActions>
              <UserMenu />
            </HeaderActions>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="md">
          <AppNavbar onNavigate={close} sections={adminNavSections} label="nav.adminLabel" />
        </AppShell.Navbar>
        <AppShell.Main>
          <ImpersonationBanner />
          <Suspense fallback={<PageLoader />}>
            <PreferencesSync />
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </RequirePermission>
  );
}
