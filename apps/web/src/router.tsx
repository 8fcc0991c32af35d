import type { Permission } from '@waymark/contracts/permissions';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteError } from './components/route-error';
import { RequirePermission } from './features/permissions/require-permission';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { accountsAdminRoutes } from './pages/admin/accounts.routes';
import { billingAdminRoutes } from './pages/admin/billing.routes';
import { catalogueAdminRoutes } from './pages/admin/catalogue.routes';
import { forwardingAdminRoutes } from './pages/admin/forwarding.routes';
import { stockAdminRoutes } from './pages/admin/stock.routes';
import { tenantsAdminRoutes } from './pages/admin/tenants.routes';
import { petReportRoutes } from './pages/pets.routes';
import { reportRoutes } from './pages/report.routes';

/** React.lazy for a page module's named export; layouts show a spinner while it loads. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// the signed-in layouts (app shell, navigation, live socket) load after sign-in, not with the login page
const MainLayout = page(() => import('./layouts/main-layout'), 'MainLayout');
const AdminLayout = page(() => import('./layouts/admin-layout'), 'AdminLayout');
const StandaloneLayout = page(() => import('./layouts/standalone-layout'), 'StandaloneLayout');
const HomePage = page(() => import('./pages/home-page'), 'HomePage');
const LoginPage = page(() => import('./pages/login-page'), 'LoginPage');
const NotFoundPage = page(() => import('./pages/not-found-page'), 'NotFoundPage');
const TermsPage = page(() => import('./pages/terms-page'), 'TermsPage');
const PrivacyPolicyPage = page(() => import('./pages/privacy-policy-page'), 'PrivacyPolicyPage');
const RegisterUserPage = page(() => import('./pages/register-user-page'), 'RegisterUserPage');
const PaymentSuccessPage = page(() => import('./pages/payment-success-page'), 'PaymentSuccessPage');
const PasswordResetRequestPage = page(() => import('./pages/password-reset-request-page'), 'PasswordResetRequestPage');
const PasswordUpdatePage = lazy(async () => ({
  default: (await import('./pages/password-update-page')).PasswordUpdatePage,
}));
const TotpSetupPage = page(() => import('./pages/totp-setup-page'), 'TotpSetupPage');

// (feature pages: one `page()` line each, kept in the feature's block of the route tree below)
// geofences, alerts and notifications features
const GeofencePage = page(() => import('./pages/geofence-page'), 'GeofencePage');
const RoutePage = page(() => import('./pages/route-page'), 'RoutePage');
const PoiPage = page(() => import('./pages/poi-page'), 'PoiPage');
const AlertsPage = page(() => import('./pages/alerts-page'), 'AlertsPage');
const AlertDetailsPage = page(() => import('./pages/alert-details-page'), 'AlertDetailsPage');
const EventPage = page(() => import('./pages/event-page'), 'EventPage');
const NotificationsPage = page(() => import('./pages/notifications-page'), 'NotificationsPage');
// management features
const GroupsPage = page(() => import('./pages/groups-page'), 'GroupsPage');
const DriversPage = page(() => import('./pages/drivers-page'), 'DriversPage');
const MaintenancePage = page(() => import('./pages/maintenance-page'), 'MaintenancePage');
const ReminderPage = page(() => import('./pages/reminder-page'), 'ReminderPage');
const ComputedAttributesPage = page(() => import('./pages/computed-attributes-page'), 'ComputedAttributesPage');
const CalendarsPage = page(() => import('./pages/calendars-page'), 'CalendarsPage');
const SettingsPage = page(() => import('./pages/settings-page'), 'SettingsPage');
const SubscriptionPage = page(() => import('./pages/subscription-page'), 'SubscriptionPage');
// devices feature
const DevicesPage = page(() => import('./pages/devices-page'), 'DevicesPage');
const DeviceTrackPage = page(() => import('./pages/device-track-page'), 'DeviceTrackPage');
const RadarPage = page(() => import('./pages/radar-page'), 'RadarPage');
const CommandPage = page(() => import('./pages/command-page'), 'CommandPage');
const SavedCommandsPage = page(() => import('./pages/saved-commands-page'), 'SavedCommandsPage');
const PositionPage = page(() => import('./pages/position-page'), 'PositionPage');
const NetworkPage = page(() => import('./pages/network-page'), 'NetworkPage');
const SharedDevicePage = page(() => import('./pages/shared-device-page'), 'SharedDevicePage');
const OnboardingPage = page(() => import('./pages/onboarding-page'), 'OnboardingPage');
// replay feature
const ReplayPage = page(() => import('./pages/replay-page'), 'ReplayPage');
// device-log feature (the data report)
const DeviceLogPage = page(() => import('./pages/device-log-page'), 'DeviceLogPage');

export const NOT_FOUND_PATH = '/auth/404';

/** A page behind the flags of its route: without one of them it renders nothing. */
function guarded(element: ReactNode, ...flags: Permission[]) {
  return <RequirePermission flags={flags}>{element}</RequirePermission>;
}

/** The route tree. Exported for tests, which mount it in a memory router. */
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
          { path: 'register/payment/success', element: <PaymentSuccessPage /> },
          { path: 'password/reset', element: <PasswordResetRequestPage /> },
          { path: 'password/reset/:token', element: <PasswordUpdatePage mode="reset" /> },
          { path: 'password/create/:token', element: <PasswordUpdatePage mode="create" /> },
          { path: 'auth/404', element: <NotFoundPage /> },
          { path: 'devices/share/:id', element: <SharedDevicePage /> },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { path: 'home', element: <HomePage /> },
          // report/pets/* (pets feature)
          ...petReportRoutes,
          // the geofence editor could stand alone; it gets the main layout for the map's width and the nav
          { path: 'geofence', element: guarded(<GeofencePage />, 'VIEW_GEOFENCES') },
          { path: 'route', element: guarded(<RoutePage />, 'VIEW_ROUTES') },
          { path: 'poi', element: guarded(<PoiPage />, 'VIEW_POIS') },
          // devices, radar, command, position, network, track (devices feature)
          { path: 'devices', element: guarded(<DevicesPage />, 'VIEW_DEVICES') },
          // the first-run path adds a device: the flags of POST /api/devices
          { path: 'onboarding', element: guarded(<OnboardingPage />, 'ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS') },
          { path: 'devices/track/:id', element: guarded(<DeviceTrackPage />, 'TRACK_DEVICES') },
          { path: 'radar', element: guarded(<RadarPage />, 'VIEW_DEVICES') },
          { path: 'radar/:deviceId', element: guarded(<RadarPage />, 'VIEW_DEVICES') },
          { path: 'command', element: guarded(<CommandPage />, 'SEND_COMMAND') },
          { path: 'commands/saved', element: guarded(<SavedCommandsPage />, 'SEND_COMMAND') },
          { path: 'position/:id', element: <PositionPage /> },
          { path: 'network/:id', element: <NetworkPage /> },
          // replay (replay feature)
          { path: 'replay', element: guarded(<ReplayPage />, 'VIEW_REPLAYS') },
          // the data report, logger file (device-log feature): the flag of GET /api/v2/devices/:id/log
          { path: 'report/logs', element: guarded(<DeviceLogPage />, 'VIEW_DEVICE_DETAILS') },
          // alerts, notifications (alerts and notifications features)
          { path: 'alerts', element: guarded(<AlertsPage />, 'VIEW_ALERTS_OVERVIEW') },
          { path: 'alerts/details', element: guarded(<AlertDetailsPage />, 'VIEW_ALERT_DETAILS') },
          { path: 'notifications', element: guarded(<NotificationsPage />, 'VIEW_NOTIFICATIONS') },
          { path: 'notification/management', element: guarded(<NotificationsPage />, 'VIEW_NOTIFICATIONS') },
          // groups, drivers, maintenance, reminder, computed attributes, calendars, settings, user/subscription (management)
          { path: 'groups', element: guarded(<GroupsPage />, 'VIEW_GROUPS') },
          { path: 'drivers', element: guarded(<DriversPage />, 'VIEW_DRIVERS') },
          { path: 'maintenance', element: guarded(<MaintenancePage />, 'VIEW_MAINTENANCES') },
          { path: 'reminder', element: guarded(<ReminderPage />, 'VIEW_REMIND_MANAGEMENTS') },
          // the flags of /api/attributes/computed
          {
            path: 'attributes/computed',
            element: guarded(<ComputedAttributesPage />, 'ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS'),
          },
          // the flags that change calendars in the API (reading them is open to all)
          { path: 'calendars', element: guarded(<CalendarsPage />, 'VIEW_NOTIFICATIONS', 'VIEW_GEOFENCES') },
          { path: 'settings', element: <Navigate to="/settings/preferences" replace /> },
          { path: 'settings/:tab', element: <SettingsPage /> },
          { path: 'user/subscription', element: <SubscriptionPage /> },
          // report/<page> and report/<page>/preview (reports feature), each behind its flags
          ...reportRoutes,
        ],
      },
      {
        // the admin area: each area's pages come from its route file in pages/admin/
        path: 'admin',
        element: <AdminLayout />,
        children: [
          ...tenantsAdminRoutes,
          ...stockAdminRoutes,
          ...catalogueAdminRoutes,
          ...billingAdminRoutes,
          ...accountsAdminRoutes,
          ...forwardingAdminRoutes,
        ],
      },
      {
        element: <StandaloneLayout />,
        children: [
          { path: 'admin/totp/setup', element: <TotpSetupPage /> },
          // event/:id (alerts feature)
          { path: 'event/:id', element: <EventPage /> },
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
