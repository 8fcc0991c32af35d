import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../components/brand';
import { PageLoader } from '../components/page-loader';
import { ImpersonationBanner } from '../features/admin/accounts/components/impersonation-banner';
import { UserMenu } from '../features/auth/components/user-menu';
import { PreferencesSync } from '../features/settings/components/preferences-sync';
import { HeaderActions } from './header-actions';

export interface SignedInShellProps {
  /** The navbar's content; `close` folds the phone-width navigation after a choice. */
  navigation: (close: () => void) => ReactNode;
  /** Shown after the brand (the admin area's badge). */
  badge?: ReactNode;
  /** The page, already wrapped in what the area needs (the live socket of the user area). */
  children: ReactNode;
}

/**
 * The frame of every signed-in page: header (navigation toggles, brand, language, colour scheme, user menu),
 * the navbar, the impersonation banner, the user's preferences applied, and the page loading lazily.
 */
export function SignedInShell({ navigation, badge, children }: SignedInShellProps) {
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
            {badge}
          </Group>
          <HeaderActions>
            <UserMenu />
          </HeaderActions>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md">{navigation(close)}</AppShell.Navbar>
      <AppShell.Main>
        <ImpersonationBanner />
        <Suspense fallback={<PageLoader />}>
          <PreferencesSync />
          {children}
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
