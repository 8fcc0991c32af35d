import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { auditRoutes } from './audit/audit.routes';
import { billingV2Routes } from './billing/billing.v2.routes';
import { billingNotificationsV2Routes } from './billing/billing-notifications.v2.routes';
import { calendarsRoutes } from './calendars/calendars.routes';
import { catalogueV2Routes } from './catalogue/catalogue.v2.routes';
import { commandsRoutes } from './commands/commands.routes';
import { computedAttributesRoutes } from './computed-attributes/computed-attributes.routes';
import { dashboardV2Routes } from './dashboard/dashboard.v2.routes';
import { deviceLogV2Routes } from './device-log/device-log.v2.routes';
import { devicesRoutes } from './devices/devices.routes';
import { driversRoutes } from './drivers/drivers.routes';
import { eventPdfRoutes } from './events/event-pdf.routes';
import { eventsRoutes } from './events/events.routes';
import { forwardingV2Routes } from './forwarding/forwarding.v2.routes';
import { geofencesRoutes } from './geofences/geofences.routes';
import { groupsRoutes } from './groups/groups.routes';
import { healthRoutes } from './health/health.routes';
import { maintenanceRoutes } from './maintenance/maintenance.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { oidcRoutes } from './oidc/oidc.routes';
import { onboardingV2Routes } from './onboarding/onboarding.v2.routes';
import { passwordRoutes } from './password/password.routes';
import { permissionsRoutes } from './permissions/permissions.routes';
import { petsV2Routes } from './pets/pets.v2.routes';
import { plannedRoutesV2Routes } from './planned-routes/planned-routes.v2.routes';
import { poisV2Routes } from './pois/pois.v2.routes';
import { positionsRoutes } from './positions/positions.routes';
import { fleetV2Routes } from './reports/fleet.v2.routes';
import { reportsRoutes } from './reports/reports.routes';
import { retentionV2Routes } from './retention/retention.v2.routes';
import { rolesV2Routes } from './roles/roles.v2.routes';
import { savedCommandsRoutes } from './saved-commands/saved-commands.routes';
import { scheduledReportsRoutes } from './scheduled-reports/scheduled-reports.routes';
import { geocodeRoutes } from './server/geocode.routes';
import { serverRoutes } from './server/server.routes';
import { sessionRoutes } from './session/session.routes';
import { shareRoutes } from './share/share.routes';
import { simsV2Routes } from './sims/sims.v2.routes';
import { socketRoutes } from './socket/socket.routes';
import { statisticsRoutes } from './statistics/statistics.routes';
import { stockV2Routes } from './stock/stock.v2.routes';
import { subscriptionsV2Routes } from './subscriptions/subscriptions.v2.routes';
import { tenantsV2Routes } from './tenants/tenants.v2.routes';
import { totpRoutes } from './users/totp.routes';
import { userAdminV2Routes } from './users/user-admin.v2.routes';
import { usersRoutes } from './users/users.routes';
import { usersV2Routes } from './users/users.v2.routes';

type RoutesPlugin = FastifyPluginAsyncZod<{ ctx: AppContext }>;

/** The Traccar-shaped `/api` adapters, one per resource. A new resource adds its `<resource>.routes.ts` here. */
export const API_ROUTES: readonly RoutesPlugin[] = [
  healthRoutes,
  serverRoutes,
  geocodeRoutes,
  sessionRoutes,
  oidcRoutes,
  passwordRoutes,
  totpRoutes,
  usersRoutes,
  socketRoutes,
  devicesRoutes,
  positionsRoutes,
  eventPdfRoutes,
  commandsRoutes,
  computedAttributesRoutes,
  savedCommandsRoutes,
  maintenanceRoutes,
  driversRoutes,
  calendarsRoutes,
  geofencesRoutes,
  notificationsRoutes,
  permissionsRoutes,
  shareRoutes,
  eventsRoutes,
  reportsRoutes,
  statisticsRoutes,
  scheduledReportsRoutes,
  groupsRoutes,
  auditRoutes,
];

/** The admin dialect's `/api/v2` adapters (`{data}` envelope, page/size/sort) over the same services. */
export const V2_ROUTES: readonly RoutesPlugin[] = [
  usersV2Routes,
  rolesV2Routes,
  retentionV2Routes,
  billingV2Routes,
  billingNotificationsV2Routes,
  catalogueV2Routes,
  dashboardV2Routes,
  deviceLogV2Routes,
  fleetV2Routes,
  simsV2Routes,
  stockV2Routes,
  subscriptionsV2Routes,
  tenantsV2Routes,
  userAdminV2Routes,
  petsV2Routes,
  onboardingV2Routes,
  forwardingV2Routes,
  plannedRoutesV2Routes,
  poisV2Routes,
];
