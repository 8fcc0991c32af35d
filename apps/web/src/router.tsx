import type { Permission } from '@waymark/contracts/permissions';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteError } from './components/route-error';
import { RequirePermission } from './features/permissions/require-permission';
import { MainLayout } from './layouts/main-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { StandaloneLayout } from './layouts/standalone-layout';

/** React.lazy for a page module's named export; layouts show a spinner while it loads. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const HomePage = page(() => import('./pages/home-page'), 'HomePage');
const LoginPage = page(() => import('./pages/login-page'), 'LoginPage');
const NotFoundPage = page(() => import('./pages/not-found-page'), 'NotFoundPage');
const TermsPage = page(() => import('./pages/terms-page'), 'TermsPage');
const PrivacyPolicyPage = page(() => import('./pages/privacy-policy-page'), 'PrivacyPolicyPage');
const RegisterUserPage = page(() => import('./pages/register-user-page'), 'RegisterUserPage');
const PasswordResetRequestPage = page(() => import('./pages/password-reset-request-page'), 'PasswordResetRequestPage');
const PasswordUpdatePage = lazy(async () => ({
  default: (await import('./pages/password-update-page')).PasswordUpdatePage,
}));
const TotpSetupPage = page(() => import('./pages/totp-setup-page'), 'TotpSetupPage');

// (feature pages: one `page()` line each, kept in the feature's block of the route tree below)

export const NOT_FOUND_PATH = '/auth/404';

/** A page behind the flags of its route (SPEC section 2): without one of them it renders nothing. */
function guarded(element: ReactNode, ...flags: Permission[]) {
  return <RequirePermission flags={flags}>{element}</RequirePermission>;
}

/** The route tree (SPEC section 2). Exported for tests, which mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
          { path: 'register/user', element: <RegisterUserPage /> },
          { path: 'password/reset', element: <PasswordResetRequestPage /> },
          { path: 'password/reset/:token', element: <PasswordUpdatePage mode="reset" /> },
          { path: 'password/create/:token', element: <PasswordUpdatePage mode="create" /> },
          { path: 'auth/404', element: <NotFoundPage /> },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { path: 'home', element: <HomePage /> },
          // devices, radar, command, position, network, track (devices feature)
          // alerts, notifications (alerts and notifications features)
          // groups, drivers, maintenance, reminder, settings, user/subscription (management features)
        ],
      },
      {
        element: <StandaloneLayout />,
        children: [
          { path: 'admin/totp/setup', element: <TotpSetupPage /> },
          // geofence (geofences feature), event/:id (alerts feature)
        ],
      },
      { path: 'auth/*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
