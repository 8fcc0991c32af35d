import {
  IconAlertTriangle,
  IconBell,
  IconBuildingStore,
  IconCalendarDue,
  IconCalendarEvent,
  IconChartBar,
  IconChartLine,
  IconCreditCard,
  IconDevices,
  IconFileText,
  IconListDetails,
  IconMailForward,
  IconMapPin,
  IconMathFunction,
  IconParking,
  IconPolygon,
  IconRadar,
  IconReportAnalytics,
  IconRoute,
  IconRoute2,
  IconSettings,
  IconSteeringWheel,
  IconTerminal2,
  IconTool,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { Permission } from '@waymark/contracts/permissions';
import { SCHEDULED_REPORT_FLAGS } from '@waymark/contracts/scheduled-report';
import type { ComponentType } from 'react';
import { HomeIcon, ShieldIcon } from '../components/icons';
import { PetIcon } from '../features/pets/pet-icon';

export interface NavItem {
  /** i18n key of the label. */
  label:
    | 'nav.home'
    | 'nav.security'
    | 'nav.devices'
    | 'nav.radar'
    | 'nav.replay'
    | 'nav.command'
    | 'nav.savedCommands'
    | 'nav.geofences'
    | 'nav.routes'
    | 'nav.pois'
    | 'nav.petReports'
    | 'nav.alerts'
    | 'nav.alertDetails'
    | 'nav.notifications'
    | 'nav.groups'
    | 'nav.drivers'
    | 'nav.maintenance'
    | 'nav.reminders'
    | 'nav.computedAttributes'
    | 'nav.calendars'
    | 'nav.settings'
    | 'nav.subscription'
    | 'nav.admin'
    | 'nav.adminDashboard'
    | 'nav.tenants'
    | 'nav.users'
    | 'nav.roles'
    | 'nav.stockDevices'
    | 'nav.models'
    | 'nav.sims'
    | 'nav.vendors'
    | 'nav.subscriptions'
    | 'nav.invoices'
    | 'nav.expired'
    | 'nav.billingStats'
    | 'nav.billingNotifications'
    | 'adminForwarding:nav'
    | 'nav.backToMap'
    | 'nav.reportEvents'
    | 'nav.reportRoutes'
    | 'nav.reportTrips'
    | 'nav.reportStops'
    | 'nav.reportSummary'
    | 'nav.reportChart'
    | 'nav.reportLogs'
    | 'nav.reportCombined'
    | 'nav.statistics'
    | 'nav.reportScheduled';
  to: string;
  icon: ComponentType<{ size?: number }>;
  /** Any one flag suffices; empty or missing means every signed-in user. */
  permissions?: readonly Permission[];
}

export interface NavSection {
  label?:
    | 'nav.account'
    | 'nav.tracking'
    | 'nav.reports'
    | 'nav.management'
    | 'nav.accounts'
    | 'nav.stock'
    | 'nav.billing';
  items: readonly NavItem[];
}

/** Navbar entries, with the permission flags of their route (the same flags the route guard and the API check). */
export const navSections: readonly NavSection[] = [
  { items: [{ label: 'nav.home', to: '/home', icon: HomeIcon }] },
  {
    label: 'nav.tracking',
    items: [
      { label: 'nav.devices', to: '/devices', icon: IconDevices, permissions: ['VIEW_DEVICES'] },
      { label: 'nav.radar', to: '/radar', icon: IconRadar, permissions: ['VIEW_DEVICES'] },
      { label: 'nav.replay', to: '/replay', icon: IconRoute, permissions: ['VIEW_REPLAYS'] },
      { label: 'nav.command', to: '/command', icon: IconTerminal2, permissions: ['SEND_COMMAND'] },
      { label: 'nav.savedCommands', to: '/commands/saved', icon: IconListDetails, permissions: ['SEND_COMMAND'] },
      { label: 'nav.geofences', to: '/geofence', icon: IconPolygon, permissions: ['VIEW_GEOFENCES'] },
      { label: 'nav.routes', to: '/route', icon: IconRoute2, permissions: ['VIEW_ROUTES'] },
      { label: 'nav.pois', to: '/poi', icon: IconMapPin, permissions: ['VIEW_POIS'] },
      { label: 'nav.petReports', to: '/report/pets/activity-only', icon: PetIcon },
    ],
  },
  {
    // each report page behind its VIEW flag; the section disappears when none is held
    label: 'nav.reports',
    items: [
      { label: 'nav.reportEvents', to: '/report/events', icon: IconAlertTriangle, permissions: ['VIEW_EVENT_REPORTS'] },
      { label: 'nav.reportRoutes', to: '/report/routes', icon: IconRoute, permissions: ['VIEW_ROUTE_REPORTS'] },
      { label: 'nav.reportTrips', to: '/report/trips', icon: IconSteeringWheel, permissions: ['VIEW_TRIP_REPORTS'] },
      { label: 'nav.reportStops', to: '/report/stops', icon: IconParking, permissions: ['VIEW_STOP_REPORTS'] },
      {
        label: 'nav.reportSummary',
        to: '/report/summary',
        icon: IconReportAnalytics,
        permissions: ['VIEW_SUMMARY_REPORTS'],
      },
      { label: 'nav.reportChart', to: '/report/chart', icon: IconChartLine, permissions: ['VIEW_CHART_REPORTS'] },
      { label: 'nav.reportLogs', to: '/report/logs', icon: IconFileText, permissions: ['VIEW_DEVICE_DETAILS'] },
      { label: 'nav.reportCombined', to: '/report/combined', icon: IconMapPin, permissions: ['VIEW_ROUTE_REPORTS'] },
      {
        label: 'nav.statistics',
        to: '/report/statistics',
        icon: IconChartBar,
        permissions: ['VIEW_SUMMARY_REPORTS', 'ADMIN_ACCOUNT'],
      },
      // any download flag: the API checks the flag of each scheduled report's type
      {
        label: 'nav.reportScheduled',
        to: '/reports/scheduled',
        icon: IconMailForward,
        permissions: SCHEDULED_REPORT_FLAGS,
      },
    ],
  },
  {
    label: 'nav.management',
    items: [
      { label: 'nav.alerts', to: '/alerts', icon: IconAlertTriangle, permissions: ['VIEW_ALERTS_OVERVIEW'] },
      { label: 'nav.notifications', to: '/notifications', icon: IconBell, permissions: ['VIEW_NOTIFICATIONS'] },
      { label: 'nav.groups', to: '/groups', icon: IconUsersGroup, permissions: ['VIEW_GROUPS'] },
      { label: 'nav.drivers', to: '/drivers', icon: IconSteeringWheel, permissions: ['VIEW_DRIVERS'] },
      { label: 'nav.maintenance', to: '/maintenance', icon: IconTool, permissions: ['VIEW_MAINTENANCES'] },
      { label: 'nav.reminders', to: '/reminder', icon: IconCalendarDue, permissions: ['VIEW_REMIND_MANAGEMENTS'] },
      {
        label: 'nav.calendars',
        to: '/calendars',
        icon: IconCalendarEvent,
        permissions: ['VIEW_NOTIFICATIONS', 'VIEW_GEOFENCES'],
      },
      {
        label: 'nav.computedAttributes',
        to: '/attributes/computed',
        icon: IconMathFunction,
        permissions: ['ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS'],
      },
    ],
  },
  {
    label: 'nav.account',
    items: [
      { label: 'nav.settings', to: '/settings/preferences', icon: IconSettings },
      { label: 'nav.subscription', to: '/user/subscription', icon: IconCreditCard },
      { label: 'nav.security', to: '/admin/totp/setup', icon: ShieldIcon },
      { label: 'nav.admin', to: '/admin', icon: IconBuildingStore, permissions: ['ADMIN_ACCOUNT', 'VIEW_TENANT'] },
    ],
  },
];
