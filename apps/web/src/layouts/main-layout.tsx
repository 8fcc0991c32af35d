import '../i18n/admin-resources';
import '../i18n/report-resources';
import { Outlet } from 'react-router-dom';
import { LiveProvider } from '../live/live-provider';
import { AppNavbar } from './app-navbar';
import { SignedInShell } from './signed-in-shell';

/** Signed-in layout of the user area: the shell with the permission-filtered navigation, the live socket, the page. */
export function MainLayout() {
  return (
    <SignedInShell navigation={(close) => <AppNavbar onNavigate={close} />}>
      <LiveProvider>
        <Outlet />
      </LiveProvider>
    </SignedInShell>
  );
}
