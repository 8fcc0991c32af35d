import 'i18next';
import type adminAccounts from '../features/admin/accounts/locales/en.json';
import type adminBilling from '../features/admin/billing/locales/en.json';
import type adminCatalogue from '../features/admin/catalogue/locales/en.json';
import type adminForwarding from '../features/admin/forwarding/locales/en.json';
import type admin from '../features/admin/shared/locales/en.json';
import type adminStock from '../features/admin/stock/locales/en.json';
import type adminTenants from '../features/admin/tenants/locales/en.json';
import type alerts from '../features/alerts/locales/en.json';
import type calendars from '../features/calendars/locales/en.json';
import type computedAttributes from '../features/computed-attributes/locales/en.json';
import type deviceLog from '../features/device-log/locales/en.json';
import type devices from '../features/devices/locales/en.json';
import type drivers from '../features/drivers/locales/en.json';
import type geofences from '../features/geofences/locales/en.json';
import type groups from '../features/groups/locales/en.json';
import type maintenance from '../features/maintenance/locales/en.json';
import type map from '../features/map/locales/en.json';
import type notifications from '../features/notifications/locales/en.json';
import type pets from '../features/pets/locales/en.json';
import type plannedRoutes from '../features/planned-routes/locales/en.json';
import type pois from '../features/pois/locales/en.json';
import type replay from '../features/replay/locales/en.json';
import type reports from '../features/reports/locales/en.json';
import type savedCommands from '../features/saved-commands/locales/en.json';
import type scheduledReports from '../features/scheduled-reports/locales/en.json';
import type settings from '../features/settings/locales/en.json';
import type en from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      map: typeof map;
      devices: typeof devices;
      deviceLog: typeof deviceLog;
      geofences: typeof geofences;
      plannedRoutes: typeof plannedRoutes;
      pois: typeof pois;
      alerts: typeof alerts;
      pets: typeof pets;
      notifications: typeof notifications;
      groups: typeof groups;
      drivers: typeof drivers;
      maintenance: typeof maintenance;
      settings: typeof settings;
      scheduledReports: typeof scheduledReports;
      savedCommands: typeof savedCommands;
      computedAttributes: typeof computedAttributes;
      calendars: typeof calendars;
      replay: typeof replay;
      reports: typeof reports;
      admin: typeof admin;
      adminTenants: typeof adminTenants;
      adminStock: typeof adminStock;
      adminCatalogue: typeof adminCatalogue;
      adminBilling: typeof adminBilling;
      adminAccounts: typeof adminAccounts;
      adminForwarding: typeof adminForwarding;
    };
  }
}
