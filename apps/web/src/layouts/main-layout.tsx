import '../i18n/admin-resources';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Brand } from '../components/brand';
import { PageLoader } from '../components/page-loader';
import { ImpersonationBanner } from '../features/admin/accounts/components/impersonation-banner';
import { UserMenu } from '../features/auth/components/user-menu';
import { PreferencesSync } from '../features/settings/components/preferences-sync';
import { LiveProvider } from '../live/live-provider';
import { AppNavbar } from './app-navbar';
import { HeaderActions } from './header-actions';

/** Signed-in layout: header (brand, language, colour scheme, user menu), permission-filtered navbar, page. */
export function MainLayout() {
  const { t } = useTranslation();
  const [mobileOpen, { toggle, close }] = useDisclosure(false);
  const [desktopCollapsed, { toggle: toggleDesktop }] = useDisclosure(false);
  return (
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
          </Group>
          <HeaderActions>
            <UserMenu />
          </HeaderActions>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <AppNavbar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <ImpersonationBanner />
        <Suspense fallback={<PageLoader />}>
          <LiveProvider>
            <PreferencesSync />
            <Outlet />
          </LiveProvider>
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
