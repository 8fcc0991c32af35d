import { Center } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isRefusal } from '../../../api/api-error';
import { clearAccessToken, getAccessToken } from '../../../api/token-storage';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/state-views';
import { useSessionQuery } from '../auth.queries';
import { hasNecessaryConsent } from '../cookie-consent';
import { SessionProvider } from '../session-context';
import { decideAccess, isPublicPath, LOGIN_PATH } from '../session-rules';

/**
 * Root guard: public paths render as they are; every other path needs cookie consent and an
 * access token, then a successful GET /api/session, else the user is sent to /login — unless the check failed on
 * a server or connection error, which is shown with a retry instead of signing the user out.
 */
export function SessionGate() {
  const { pathname } = useLocation();
  return isPublicPath(pathname) ? <Outlet /> : <ProtectedOutlet />;
}

function ProtectedOutlet() {
  const location = useLocation();
  const access = decideAccess(location.pathname, hasNecessaryConsent(), getAccessToken());
  const session = useSessionQuery(access.kind === 'check-session');
  const from = `${location.pathname}${location.search}${location.hash}`;

  if (access.kind === 'login') return <RedirectToLogin from={from} clearToken={access.clearToken} />;
  // pending, or checked again after an error (its retry)
  if (session.isPending || (session.isError && session.isFetching)) return <PageLoader />;
  if (session.isError && isRefusal(session.error)) return <RedirectToLogin from={from} clearToken={false} />;
  // the server or the connection failed (the retries too): still signed in, so the check is offered again
  if (session.isError)
    return (
      <Center mih="60vh" p="md">
        <ErrorState error={session.error} onRetry={() => session.refetch()} />
      </Center>
    );
  return (
    <SessionProvider user={session.data}>
      <Outlet />
    </SessionProvider>
  );
}

function RedirectToLogin({ from, clearToken }: { from: string; clearToken: boolean }) {
  // Removing the token is a side effect: it runs in the same commit as the redirect.
  useEffect(() => {
    if (clearToken) clearAccessToken();
  }, [clearToken]);
  return <Navigate to={LOGIN_PATH} replace state={{ from }} />;
}
