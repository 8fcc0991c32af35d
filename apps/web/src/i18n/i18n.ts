import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import alertsEl from '../features/alerts/locales/el.json';
import alertsEn from '../features/alerts/locales/en.json';
import alertsFr from '../features/alerts/locales/fr.json';
import devicesEl from '../features/devices/locales/el.json';
import devicesEn from '../features/devices/locales/en.json';
import devicesFr from '../features/devices/locales/fr.json';
import driversEl from '../features/drivers/locales/el.json';
import driversEn from '../features/drivers/locales/en.json';
import driversFr from '../features/drivers/locales/fr.json';
import geofencesEl from '../features/geofences/locales/el.json';
import geofencesEn from '../features/geofences/locales/en.json';
import geofencesFr from '../features/geofences/locales/fr.json';
import groupsEl from '../features/groups/locales/el.json';
import groupsEn from '../features/groups/locales/en.json';
import groupsFr from '../features/groups/locales/fr.json';
import maintenanceEl from '../features/maintenance/locales/el.json';
import maintenanceEn from '../features/maintenance/locales/en.json';
import maintenanceFr from '../features/maintenance/locales/fr.json';
import mapEl from '../features/map/locales/el.json';
import mapEn from '../features/map/locales/en.json';
import mapFr from '../features/map/locales/fr.json';
import notificationsEl from '../features/notifications/locales/el.json';
import notificationsEn from '../features/notifications/locales/en.json';
import notificationsFr from '../features/notifications/locales/fr.json';
import plannedRoutesEl from '../features/planned-routes/locales/el.json';
import plannedRoutesEn from '../features/planned-routes/locales/en.json';
import plannedRoutesFr from '../features/planned-routes/locales/fr.json';
import settingsEl from '../features/settings/locales/el.json';
import settingsEn from '../features/settings/locales/en.json';
import settingsFr from '../features/settings/locales/fr.json';
import {
  applyDocumentLanguage,
  type BundledLanguage,
  browserLanguages,
  detectLanguage,
  FALLBACK_LANGUAGE,
  readStoredLanguage,
  storeLanguage,
} from './languages';
import el from './locales/el.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

/**
 * The app's texts: `translation` (shell, sign-in, shared words) and one namespace per feature, each in
 * features/<feature>/locales/<language>.json (t('devices:title') or useTranslation('devices')).
 */
export const resources = {
  en: {
    translation: en,
    map: mapEn,
    devices: devicesEn,
    geofences: geofencesEn,
    plannedRoutes: plannedRoutesEn,
    alerts: alertsEn,
    notifications: notificationsEn,
    groups: groupsEn,
    drivers: driversEn,
    maintenance: maintenanceEn,
    settings: settingsEn,
  },
  fr: {
    translation: fr,
    map: mapFr,
    devices: devicesFr,
    geofences: geofencesFr,
    plannedRoutes: plannedRoutesFr,
    alerts: alertsFr,
    notifications: notificationsFr,
    groups: groupsFr,
    drivers: driversFr,
    maintenance: maintenanceFr,
    settings: settingsFr,
  },
  el: {
    translation: el,
    map: mapEl,
    devices: devicesEl,
    geofences: geofencesEl,
    plannedRoutes: plannedRoutesEl,
    alerts: alertsEl,
    notifications: notificationsEl,
    groups: groupsEl,
    drivers: driversEl,
    maintenance: maintenanceEl,
    settings: settingsEl,
  },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(browserLanguages(), readStoredLanguage()),
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** Switches the language and remembers the choice for the next visit. */
export async function changeLanguage(language: BundledLanguage): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;
