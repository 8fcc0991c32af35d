import calendarsEl from '../features/calendars/locales/el.json';
import calendarsEn from '../features/calendars/locales/en.json';
import calendarsFr from '../features/calendars/locales/fr.json';
import computedAttributesEl from '../features/computed-attributes/locales/el.json';
import computedAttributesEn from '../features/computed-attributes/locales/en.json';
import computedAttributesFr from '../features/computed-attributes/locales/fr.json';
import deviceLogEl from '../features/device-log/locales/el.json';
import deviceLogEn from '../features/device-log/locales/en.json';
import deviceLogFr from '../features/device-log/locales/fr.json';
import petsEl from '../features/pets/locales/el.json';
import petsEn from '../features/pets/locales/en.json';
import petsFr from '../features/pets/locales/fr.json';
import poisEl from '../features/pois/locales/el.json';
import poisEn from '../features/pois/locales/en.json';
import poisFr from '../features/pois/locales/fr.json';
import replayEl from '../features/replay/locales/el.json';
import replayEn from '../features/replay/locales/en.json';
import replayFr from '../features/replay/locales/fr.json';
import reportsEl from '../features/reports/locales/el.json';
import reportsEn from '../features/reports/locales/en.json';
import reportsFr from '../features/reports/locales/fr.json';
import savedCommandsEl from '../features/saved-commands/locales/el.json';
import savedCommandsEn from '../features/saved-commands/locales/en.json';
import savedCommandsFr from '../features/saved-commands/locales/fr.json';
import scheduledReportsEl from '../features/scheduled-reports/locales/el.json';
import scheduledReportsEn from '../features/scheduled-reports/locales/en.json';
import scheduledReportsFr from '../features/scheduled-reports/locales/fr.json';
import i18n from './i18n';

/**
 * The texts of the report pages, pet reports, scheduled reports, data report, replay and the user area's
 * management screens (saved commands, computed attributes, calendars, points of interest): they load with the
 * signed-in layout's code, not with the sign-in page (which stays under its size budget): importing this module
 * adds them to i18next.
 */
export const reportResources = {
  en: {
    deviceLog: deviceLogEn,
    pets: petsEn,
    pois: poisEn,
    replay: replayEn,
    reports: reportsEn,
    scheduledReports: scheduledReportsEn,
    savedCommands: savedCommandsEn,
    computedAttributes: computedAttributesEn,
    calendars: calendarsEn,
  },
  fr: {
    deviceLog: deviceLogFr,
    pets: petsFr,
    pois: poisFr,
    replay: replayFr,
    reports: reportsFr,
    scheduledReports: scheduledReportsFr,
    savedCommands: savedCommandsFr,
    computedAttributes: computedAttributesFr,
    calendars: calendarsFr,
  },
  el: {
    deviceLog: deviceLogEl,
    pets: petsEl,
    pois: poisEl,
    replay: replayEl,
    reports: reportsEl,
    scheduledReports: scheduledReportsEl,
    savedCommands: savedCommandsEl,
    computedAttributes: computedAttributesEl,
    calendars: calendarsEl,
  },
} as const;

for (const [language, bundles] of Object.entries(reportResources)) {
  for (const [namespace, bundle] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle);
  }
}
